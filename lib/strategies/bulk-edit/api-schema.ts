// The bulk edit's REST body and answers as the OpenAPI document describes them
// (the operation in ./rest.ts); ./plan.ts and ./apply.ts hold the types the code returns.
import { z } from "../../validation/z";
import { BULK_ACTIONS, BULK_FIELDS } from "./sections";

const ref = { id: z.number().int(), name: z.string(), version: z.number().int() };

export const BulkEditChangeDocSchema = z
  .object({
    field: z.enum(BULK_FIELDS.map((f) => f.key) as [string, ...string[]]),
    action: z.enum(BULK_ACTIONS).meta({ description: "Lists: APPEND, REPLACE, REMOVE; scalars: REPLACE; the audience block: CHANGE, REMOVE. NO_CHANGE is skipped (pacing type 11 is sent as REPLACE)." }),
    items: z.array(z.union([z.number(), z.string()])).optional().meta({ description: "List fields: record ids, or geography ids / names (countries 'US', cities 'US-CA:Los Angeles', zip codes)." }),
    value: z.union([z.string(), z.number(), z.object({ frequency: z.number().int(), interval: z.number().int() })]).optional()
      .meta({ description: "Scalar fields: amounts as decimal text (budgets -1 unlimited), pacingTypeId as a number, endTime in epoch seconds (-1 never ending), frequencyCap {frequency, interval}." }),
  })
  .meta({ id: "StrategyBulkEditChange" });

export const BulkEditBodyDocSchema = z
  .object({
    strategyIds: z.array(z.number().int()).min(1).max(2000),
    changes: z.array(BulkEditChangeDocSchema),
    dryRun: z.boolean().optional().meta({ description: "true (default): answer the review, write nothing; false: apply all or nothing." }),
    versions: z.record(z.string(), z.number().int()).optional().meta({ description: "With dryRun false: each strategy's version as the review answered it (id → version)." }),
  })
  .meta({ id: "StrategyBulkEditBody" });

export const BulkEditAnswerSchema = z
  .union([
    z.object({
      changed: z.array(z.object({ ...ref, changes: z.array(z.object({ fieldName: z.string(), oldValue: z.string().nullable(), newValue: z.string().nullable() })) })),
      unchanged: z.array(z.object(ref)),
      problems: z.array(z.object({ ...ref, messages: z.array(z.string()) })),
    }),
    z.object({ changed: z.number().int(), unchanged: z.number().int() }),
  ])
  .meta({ id: "StrategyBulkEditAnswer", description: "dryRun: the review; apply: how many strategies changed." });
