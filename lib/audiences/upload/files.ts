// What a CRM file may be, for the browser and the server alike (no Node
// imports): the encodings, the file types of business.md 5 ("file types csv,
// txt, zip, gz") with their message, and the limits of one file.
export const CRM_ENCODINGS = ["NONE", "MD5", "SHA256"] as const;
export type CrmEncoding = (typeof CRM_ENCODINGS)[number];

export const CRM_FILE_EXTENSIONS = ["csv", "txt", "zip", "gz"] as const;
export type CrmFileKind = "TEXT" | "ZIP" | "GZIP";

/** Hard limits of one file (upload or remote): bytes as sent, and identifier lines read. */
export const MAX_CRM_FILE_BYTES = 100 * 1024 * 1024;
export const MAX_CRM_LINES = 1_000_000;

export const CRM_UPLOAD_MESSAGES = {
  fileType: "Unsupported file type: upload a csv, txt, zip or gz file",
  chooseFile: "Choose a file to upload",
  tooLarge: `File size exceeds the limit of ${MAX_CRM_FILE_BYTES / 1024 / 1024} MB`,
  tooManyLines: `The file has more than ${MAX_CRM_LINES.toLocaleString("en-US")} lines: split it into smaller files`,
  notCrm: "Files can be uploaded only to CRM audiences",
  noIdentifiers: "The file holds no valid identifier",
  encoding: "Choose the encoding: NONE, MD5 or SHA256",
  gzipUnreadable: "The gz file cannot be read",
} as const;

/** The kind of a file by its name (letter case ignored); null when it is none of csv, txt, zip, gz. */
export function crmFileKind(name: string): CrmFileKind | null {
  const lower = name.trim().toLowerCase();
  if (lower.endsWith(".gz")) return "GZIP";
  if (lower.endsWith(".zip")) return "ZIP";
  if (lower.endsWith(".csv") || lower.endsWith(".txt")) return "TEXT";
  return null;
}
