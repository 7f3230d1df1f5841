// The remote upload schedule of a CRM audience (business.md 3 AUDIENCE, 5, 9):
// where the file lives (a URL without its protocol, and the protocol apart),
// what it holds (encoding), how it is packed (compression) and how often it is
// fetched (every N days or hours, default 14 days). One zod schema for the
// form, the server action and the REST API. Client-safe.
import { z } from "../../validation/z";
import { CRM_ENCODINGS } from "../upload/files";

export const REMOTE_PROTOCOLS = ["FTP", "SFTP", "SSH", "HTTP", "HTTPS", "FTPS"] as const;
export const REMOTE_COMPRESSIONS = ["NONE", "ZIP", "GZIP"] as const;
export const REMOTE_FREQUENCY_UNITS = ["DAY", "HOUR"] as const;
export type RemoteProtocolName = (typeof REMOTE_PROTOCOLS)[number];

/** business.md 9: a remote schedule runs every 14 days unless told otherwise. */
export const REMOTE_DEFAULTS = { frequencyValue: 14, frequencyUnit: "DAY", encoding: "NONE", compression: "NONE", protocol: "SFTP" } as const;
/** The longest interval: a year, in either unit. */
const MAX_FREQUENCY = { DAY: 365, HOUR: 8760 } as const;

export const REMOTE_MESSAGES = {
  urlRequired: "URL is required",
  urlProtocol: "Enter the URL without a protocol (such as sftp:// or https://): choose the protocol beside it",
  urlInvalid: "Enter a host and the file's path, such as files.example.com/audiences/users.csv",
  urlCredentials: "Enter the username in its own field, not in the URL",
  protocol: "Choose a protocol: FTP, SFTP, SSH, HTTP, HTTPS or FTPS",
  compression: "Choose a valid compression: NONE, ZIP or GZIP",
  encoding: "Choose the encoding: NONE, MD5 or SHA256",
  frequency: "Enter digits only: every 1 to 365 days or 1 to 8760 hours",
  frequencyUnit: "Choose days or hours",
  sshUsername: "SFTP and SSH need a username",
  staleVersion: "This remote upload schedule was changed by someone else",
  noSchedule: "This audience has no remote upload schedule yet: save one first",
  notCrm: "Remote upload schedules belong to CRM audiences",
  syncQueued: "Sync started: the audience's users are updated when the file has been read",
  connected: "Connected: the remote file can be downloaded",
} as const;

/** A URL that names its protocol ("sftp://", "https://", "ftp:" ...). */
const STARTS_WITH_PROTOCOL = /^[a-z][a-z0-9+.-]*:\/\//i;
/** One of ours with a colon but no slashes ("sftp:host/file"); "host:2222/file" is a port, not a protocol. */
const KNOWN_SCHEME = /^(ftp|ftps|sftp|ssh|http|https):/i;

/** The first problem of a URL as typed (without protocol), or null when it is usable. */
export function remoteUrlProblem(url: string): string | null {
  const value = url.trim();
  if (!value) return REMOTE_MESSAGES.urlRequired;
  if (STARTS_WITH_PROTOCOL.test(value) || KNOWN_SCHEME.test(value)) return REMOTE_MESSAGES.urlProtocol;
  if ((value.split("/")[0] ?? "").includes("@")) return REMOTE_MESSAGES.urlCredentials;
  let parsed: URL;
  try {
    parsed = new URL(`sftp://${value}`);
  } catch {
    return REMOTE_MESSAGES.urlInvalid;
  }
  if (!parsed.hostname || parsed.pathname === "/" || parsed.pathname === "" || /\s/.test(value)) return REMOTE_MESSAGES.urlInvalid;
  return null;
}

const digits = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const text = String(v).trim();
  if (!/^\d{1,4}$/.test(text)) {
    ctx.addIssue({ code: "custom", message: REMOTE_MESSAGES.frequency });
    return z.NEVER;
  }
  return Number(text);
});

export const RemoteScheduleSchema = z
  .object({
    url: z.string({ error: REMOTE_MESSAGES.urlRequired }).max(2048).transform((v) => v.trim()),
    protocol: z.enum(REMOTE_PROTOCOLS, { error: REMOTE_MESSAGES.protocol }),
    encoding: z.enum(CRM_ENCODINGS, { error: REMOTE_MESSAGES.encoding }).default("NONE"),
    compression: z.enum(REMOTE_COMPRESSIONS, { error: REMOTE_MESSAGES.compression }).default("NONE"),
    frequencyValue: digits.default(REMOTE_DEFAULTS.frequencyValue),
    frequencyUnit: z.enum(REMOTE_FREQUENCY_UNITS, { error: REMOTE_MESSAGES.frequencyUnit }).default("DAY"),
    username: z.string().max(256).transform((v) => v.trim()).default(""),
    /** Blank keeps the stored password; never sent back. */
    password: z.string().max(1024).default(""),
  })
  .superRefine((v, ctx) => {
    const problem = remoteUrlProblem(v.url);
    if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
    if (v.frequencyValue < 1 || v.frequencyValue > MAX_FREQUENCY[v.frequencyUnit]) ctx.addIssue({ code: "custom", path: ["frequencyValue"], message: REMOTE_MESSAGES.frequency });
    if ((v.protocol === "SFTP" || v.protocol === "SSH") && !v.username) ctx.addIssue({ code: "custom", path: ["username"], message: REMOTE_MESSAGES.sshUsername });
  });

export type RemoteScheduleInput = z.input<typeof RemoteScheduleSchema>;
export type RemoteScheduleData = z.output<typeof RemoteScheduleSchema>;

/** The schedule as the form, the details page and the API read it (never the password). */
export interface RemoteScheduleView {
  audienceId: number;
  url: string;
  protocol: RemoteProtocolName;
  encoding: (typeof CRM_ENCODINGS)[number];
  compression: (typeof REMOTE_COMPRESSIONS)[number];
  frequencyValue: number;
  frequencyUnit: (typeof REMOTE_FREQUENCY_UNITS)[number];
  username: string;
  hasPassword: boolean;
  hostKey: string | null;
  lastSyncAt: string | null;
  lastSyncStatus: string | null;
  nextRunAt: string | null;
  version: number;
}

/** The interval of a schedule in milliseconds. */
export function frequencyMs(s: { frequencyValue: number; frequencyUnit: string }): number {
  return s.frequencyValue * (s.frequencyUnit === "HOUR" ? 3_600_000 : 86_400_000);
}
