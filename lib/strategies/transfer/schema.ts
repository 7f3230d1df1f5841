// The client-safe half of strategy export: the input the dialog and the
// action share, and the shapes of the answers. Pure.
import { z } from "../../validation/z";
import { IdSchema } from "../../actions/fields";
import { daysOf, MAX_RANGE_DAYS } from "../../user-settings/date-range";

export const TRANSFER_FORMATS = ["csv", "xlsx"] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

const MAX_CAMPAIGNS = 500;
const day = z.string({ error: "Choose a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date");

/** The console's export: campaigns, a range of days of the user's timezone, and the file's format. */
export const ExportInputSchema = z
  .object({
    campaignIds: z.array(IdSchema, { error: "Choose at least one campaign" }).min(1, "Choose at least one campaign").max(MAX_CAMPAIGNS, `Choose at most ${MAX_CAMPAIGNS} campaigns`),
    from: day,
    to: day,
    format: z.enum(TRANSFER_FORMATS, { error: "Choose CSV or XLSX" }).default("csv"),
  })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: "The end date must not be before the start date" });
    else if (daysOf(v.from, v.to).length > MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "Choose a range of at most two years" });
  });
export type ExportInput = z.output<typeof ExportInputSchema>;

export type ExportAnswer = { fileDownloadUrl: string; exportId?: undefined; total: number } | { exportId: string; total: number; fileDownloadUrl?: undefined };

/** A large export's id (the dialog polls its status with it). */
export const ExportStatusInputSchema = z.object({ exportId: z.string().max(64) });

export type ExportState = "queued" | "running" | "done" | "failed";
export interface ExportStatus {
  state: ExportState;
  /** Strategies written so far, of `total`. */
  done: number;
  total: number;
  fileDownloadUrl?: string;
  message?: string;
}

/** 10,000 strategies with their metrics fit several times over. */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
/** Data rows of one re-import (all validated and applied in one transaction). */
export const MAX_IMPORT_ROWS = 20_000;
/** What an XLSX may expand to: an export of MAX_IMPORT_ROWS strategies with every metric is about 46 MB. */
export const MAX_IMPORT_XLSX_EXPANDED_MB = 100;
/** Expanded bytes per compressed byte (an export's are about 13) beyond a first megabyte. */
export const MAX_IMPORT_XLSX_RATIO = 100;
/** Files inside an XLSX (an export has 16). */
export const MAX_IMPORT_XLSX_ENTRIES = 200;

const NOT_AN_EXPORT = "it cannot be an export of this console";

export const FILE_MESSAGES = {
  empty: "The file is empty",
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} strategies`,
  unreadable: "The file is not a CSV or XLSX file",
  expandsTooMuch: `The file expands to more than ${MAX_IMPORT_XLSX_EXPANDED_MB} MB: ${NOT_AN_EXPORT}`,
  compressedTooMuch: `The file expands more than ${MAX_IMPORT_XLSX_RATIO} times its size: ${NOT_AN_EXPORT}`,
  tooManyEntries: `The file holds more than ${MAX_IMPORT_XLSX_ENTRIES} files: ${NOT_AN_EXPORT}`,
  damaged: "The XLSX file is damaged and cannot be read",
} as const;
