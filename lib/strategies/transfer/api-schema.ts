// The answers of the export and import operations as the OpenAPI document
// describes them (the operations of ./rest.ts); the types of ./schema.ts and ./import.ts are what the code returns.
import { z } from "../../validation/z";
import { FILE_MESSAGES, MAX_IMPORT_ROWS, TRANSFER_FORMATS } from "./schema";
import { ImportJsonRowSchema } from "./rows";

export const ExportAnswerSchema = z
  .object({
    fileDownloadUrl: z.string().optional().meta({ description: "The file, downloaded with the caller's key or session (its own user only)." }),
    exportId: z.string().optional().meta({ description: "A large export runs in the background: poll GET /strategies/export/{exportId}." }),
    total: z.number().int().meta({ description: "Active strategies exported." }),
  })
  .meta({ id: "StrategyExportAnswer" });

export const ExportStatusSchema = z
  .object({
    state: z.enum(["queued", "running", "done", "failed"]),
    done: z.number().int(),
    total: z.number().int(),
    fileDownloadUrl: z.string().optional(),
    message: z.string().optional().meta({ description: "Why it failed: 'Error while exporting data. Please try again later.'" }),
  })
  .meta({ id: "StrategyExportStatus" });

const who = { row: z.number().int(), strategyId: z.number().int(), strategyName: z.string() };

export const ImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    applied: z.boolean().meta({ description: "false whenever any row has an error or a stale version: then nothing was written." }),
    total: z.number().int(),
    changed: z.array(z.object({ ...who, changes: z.array(z.object({ fieldName: z.string(), oldValue: z.string().nullable(), newValue: z.string().nullable() })) })),
    unchanged: z.array(z.object(who)),
    errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
    conflicts: z.array(z.object({ ...who, exportedVersion: z.number().int(), currentVersion: z.number().int() })),
  })
  .meta({ id: "StrategyImportResult" });

// The request bodies (client-safe, so the OpenAPI document can name them without the handlers).
const timestamp = z.number({ error: "Enter a time in seconds since 1970" }).int().min(0).max(253402300799);

/** business.md 7's body; the times are instants, read as days of the caller's timezone. */
export const ExportBodySchema = z.strictObject({
  campaignIds: z.array(z.union([z.number(), z.string().max(20)])).min(1, "Choose at least one campaign").max(500),
  startTimestamp: timestamp,
  endTimestamp: timestamp,
  format: z.enum(TRANSFER_FORMATS).optional(),
});

export const ImportJsonBodySchema = z.strictObject({
  rows: z.array(ImportJsonRowSchema).min(1, "Send at least one row").max(MAX_IMPORT_ROWS, FILE_MESSAGES.tooManyRows),
});

export const ImportQuerySchema = z.object({ dryRun: z.enum(["true", "false"], { error: "dryRun must be true or false" }).optional() });
