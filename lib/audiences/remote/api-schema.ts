// The shapes of the CRM upload, remote schedule and DMP access calls as the
// OpenAPI document describes them (business.md 7 audience calls). Client-safe.
import { z } from "../../validation/z";
import { CRM_ENCODINGS } from "../upload/files";
import { REMOTE_COMPRESSIONS, REMOTE_FREQUENCY_UNITS, REMOTE_PROTOCOLS } from "./schema";

export const RemoteScheduleViewSchema = z.object({
  audienceId: z.number().int(),
  url: z.string().meta({ description: "host[:port]/path, without the protocol." }),
  protocol: z.enum(REMOTE_PROTOCOLS),
  encoding: z.enum(CRM_ENCODINGS).meta({ description: "NONE: raw identifiers, hashed with SHA-256 on arrival; SHA256: SHA-256 hex; MD5: MD5 hex (its own key space)." }),
  compression: z.enum(REMOTE_COMPRESSIONS),
  frequencyValue: z.number().int(),
  frequencyUnit: z.enum(REMOTE_FREQUENCY_UNITS),
  username: z.string(),
  hasPassword: z.boolean().meta({ description: "Whether a password is stored (it is never returned)." }),
  hostKey: z.string().nullable().meta({ description: "SFTP/SSH: the server key fingerprint pinned at the first download." }),
  lastSyncAt: z.string().nullable().meta({ description: "The last successful sync (ISO 8601)." }),
  lastSyncStatus: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  version: z.number().int(),
});

export const RemoteScheduleBodySchema = z.object({
  version: z.number().int().nullable().optional().meta({ description: "The schedule's version as read (null or absent when there is none yet); another is a 409." }),
  url: z.string().meta({ description: "Required; must not start with a protocol (such as sftp://)." }),
  protocol: z.enum(REMOTE_PROTOCOLS),
  encoding: z.enum(CRM_ENCODINGS).optional(),
  compression: z.enum(REMOTE_COMPRESSIONS).optional(),
  frequencyValue: z.union([z.number().int(), z.string()]).optional().meta({ description: "Digits: 1 to 365 days or 1 to 8760 hours; default 14." }),
  frequencyUnit: z.enum(REMOTE_FREQUENCY_UNITS).optional(),
  username: z.string().optional().meta({ description: "Required for SFTP and SSH." }),
  password: z.string().optional().meta({ description: "Blank or absent keeps the stored password." }),
});

export const RemoteCheckSchema = z.object({ ok: z.boolean(), message: z.string() });
export const RemoteSyncSchema = z.object({ queued: z.boolean(), message: z.string() });

export const CrmUploadResultSchema = z.object({
  fileName: z.string(),
  accepted: z.number().int().meta({ description: "Distinct valid identifiers of the file." }),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  headerSkipped: z.boolean(),
  totalUU: z.number().int(),
  dailyUU: z.number().int(),
});

export const CrmUploadBodySchema = z.object({
  encoding: z.enum(CRM_ENCODINGS).optional().meta({ description: "Send it before the file. Default NONE." }),
  file: z.string().meta({ description: "A csv, txt, zip or gz file of one identifier per line (a CSV's first column).", format: "binary" }),
});

export const DmpAccessQuerySchema = z.object({ advertiserId: z.string().meta({ description: "The advertiser's id." }) });
export const DmpAccessSchema = z.object({ advertiserId: z.number().int(), isDmpAccess: z.boolean() });
