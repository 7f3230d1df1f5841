// The input schemas of the strategy bulk edit (lib/strategies/bulk-edit),
// spread into INPUT_SCHEMAS (./input-schemas.ts), with inputs the form and the REST API send.
import type { z } from "zod";
import { BulkEditBodySchema } from "@/lib/strategies/bulk-edit/rest";
import { BulkEditApplyInputSchema, BulkEditChangesSchema, BulkEditPlanInputSchema, BulkFieldChangeSchema } from "@/lib/strategies/bulk-edit/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: z.ZodType, ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const CHANGES = [
  { field: "countriesTarget", action: "APPEND", items: ["FR"] },
  { field: "pricingValue", action: "REPLACE", value: "2.50" },
  { field: "pacingTypeId", action: "NO_CHANGE", value: 11 },
  { field: "frequencyCap", action: "REPLACE", value: { frequency: 3, interval: 24 } },
  { field: "targetAppSegmentsTarget", action: "REMOVE" },
];
const DOC_SHAPE = { excluded: "describes the REST body or answer in the OpenAPI document; nothing parses input with it (BulkEditBodySchema and the action schemas do)" };

export const BULK_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/strategies/bulk-edit/schema.ts#BulkFieldChangeSchema": { cases: () => one("BulkFieldChangeSchema", BulkFieldChangeSchema, ...CHANGES) },
  "lib/strategies/bulk-edit/schema.ts#BulkEditChangesSchema": { cases: () => one("BulkEditChangesSchema", BulkEditChangesSchema, { changes: CHANGES }) },
  "lib/strategies/bulk-edit/schema.ts#BulkEditPlanInputSchema": {
    cases: () => one("BulkEditPlanInputSchema", BulkEditPlanInputSchema, { ids: [1, "2"], changes: CHANGES }),
  },
  "lib/strategies/bulk-edit/schema.ts#BulkEditApplyInputSchema": {
    cases: () => one("BulkEditApplyInputSchema", BulkEditApplyInputSchema, { ids: [1], versions: { 1: 3 }, changes: CHANGES }),
  },
  "lib/strategies/bulk-edit/rest.ts#BulkEditBodySchema": {
    cases: () => one("BulkEditBodySchema", BulkEditBodySchema, { strategyIds: [1], changes: CHANGES }, { strategyIds: ["1"], changes: CHANGES, dryRun: false, versions: { 1: 2 } }),
  },
  "lib/strategies/bulk-edit/api-schema.ts#BulkEditBodyDocSchema": DOC_SHAPE,
  "lib/strategies/bulk-edit/api-schema.ts#BulkEditChangeDocSchema": DOC_SHAPE,
  "lib/strategies/bulk-edit/api-schema.ts#BulkEditAnswerSchema": DOC_SHAPE,
};
