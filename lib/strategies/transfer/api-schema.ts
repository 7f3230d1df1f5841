// The answers of the export and import operations as the OpenAPI document
// describes them (lib/api/openapi.ts); the types of ./schema.ts and ./import.ts are what the code returns.
import { z } from "zod";

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
