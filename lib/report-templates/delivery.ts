// What a scheduled report's e-mail carries: the file attached, or, when it is
// larger than REPORT_ATTACHMENT_MAX_MB, a link to it in the console. A linked
// file is kept in storage under "reports/<licenseeId>/<templateId>/<uuid>/<name>"
// and served by /api/files (lib/storage/serve.ts) to signed-in users of that
// licensee only, as a download: an address at an allowed domain that is no
// user of the licensee cannot open it. The run records the key (ReportRun.fileKey).
//
// Links are absolute with CONSOLE_URL ("{subdomain}" standing for the
// licensee's sub-domain, whose host the console tells licensees apart by);
// without it the mail names the path in the console.
import { env } from "../env";
import type { MailAttachment } from "../mail";
import { fileUrl, newObjectKey, storage } from "../storage";

const MB = 1024 * 1024;

export interface ReportFile {
  filename: string;
  content: Buffer;
  contentType: string;
  rows: number;
}

export interface ReportMail {
  /** The lines of the body about the file. */
  fileText: string;
  attachments: MailAttachment[];
  /** The stored file's key when linked; null when attached. */
  fileKey: string | null;
}

/** An absolute console URL of `path` for the licensee of `subDomain`, or the path itself without CONSOLE_URL. */
export function consoleLink(path: string, subDomain: string): string {
  const base = env().CONSOLE_URL;
  if (!base) return path;
  return base.replaceAll("{subdomain}", subDomain).replace(/\/+$/, "") + path;
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export async function reportMailContent(
  file: ReportFile,
  owner: { licenseeId: number; licenseeName: string; subDomain: string; templateId: number },
): Promise<ReportMail> {
  const capMb = env().REPORT_ATTACHMENT_MAX_MB;
  if (file.content.length <= capMb * MB) {
    return { fileText: `${file.rows} row(s), attached as ${file.filename}.`, attachments: [{ filename: file.filename, content: file.content, contentType: file.contentType }], fileKey: null };
  }
  const key = newObjectKey(["reports", owner.licenseeId, owner.templateId], file.filename, "report");
  await storage().put(key, file.content);
  const fileText = [
    `${file.rows} row(s). The file ${file.filename} (${megabytes(file.content.length)}) is larger than the ${capMb} MB a mail carries here.`,
    `Users of ${owner.licenseeName} can download it, signed in to the console:`,
    consoleLink(fileUrl(key), owner.subDomain),
    `The template and its run history: ${consoleLink(`/report/schedule/details/${owner.templateId}`, owner.subDomain)}`,
  ].join("\n");
  return { fileText, attachments: [], fileKey: key };
}
