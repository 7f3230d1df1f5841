// The input schemas of strategy export and re-import (lib/strategies/transfer),
// spread into INPUT_SCHEMAS (./input-schemas.ts), with inputs the dialogs and the REST API send.
import type { z } from "zod";
import { ExportBodySchema, ImportJsonBodySchema, ImportQuerySchema } from "@/lib/strategies/transfer/api-schema";
import { ImportJsonRowSchema } from "@/lib/strategies/transfer/rows";
import { ExportInputSchema, ExportStatusInputSchema } from "@/lib/strategies/transfer/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";
const one = (label: string, schema: z.ZodType, ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const ROW = { id: 12, version: 3, name: "Prospecting EU", pricingType: "CPM", pricingValue: "4.20", campaignFcap: false, fcapFrequency: 3, fcapInterval: 24 };

export const TRANSFER_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/strategies/transfer/schema.ts#ExportInputSchema": {
    cases: () => one("ExportInputSchema", ExportInputSchema, { campaignIds: [1, 2], from: "2026-11-01", to: "2026-11-25", format: "csv" }, { campaignIds: ["3"], from: "2026-11-25", to: "2026-11-25", format: "xlsx" }),
  },
  "lib/strategies/transfer/schema.ts#ExportStatusInputSchema": {
    cases: () => one("ExportStatusInputSchema", ExportStatusInputSchema, { exportId: "00000000-0000-4000-8000-0000000000aa" }),
  },
  "lib/strategies/transfer/rows.ts#ImportJsonRowSchema": {
    cases: () => one("ImportJsonRowSchema", ImportJsonRowSchema, ROW, { id: "12", version: "3", pricingValue: 5.75 }, { id: 12, version: 3, campaignFcap: "Yes", lifetimeUserFcap: null }),
  },
  "lib/strategies/transfer/api-schema.ts#ExportBodySchema": {
    cases: () => one("ExportBodySchema", ExportBodySchema, { campaignIds: [1], startTimestamp: 1_793_491_200, endTimestamp: 1_795_564_800 }, { campaignIds: ["1", 2], startTimestamp: 0, endTimestamp: 86_400, format: "xlsx" }),
  },
  "lib/strategies/transfer/api-schema.ts#ImportJsonBodySchema": { cases: () => one("ImportJsonBodySchema", ImportJsonBodySchema, { rows: [ROW] }) },
  "lib/strategies/transfer/api-schema.ts#ExportAnswerSchema": { excluded: RESPONSE_SHAPE },
  "lib/strategies/transfer/api-schema.ts#ExportStatusSchema": { excluded: RESPONSE_SHAPE },
  "lib/strategies/transfer/api-schema.ts#ImportResultSchema": { excluded: RESPONSE_SHAPE },
  "lib/strategies/transfer/api-schema.ts#ImportQuerySchema": { cases: () => one("ImportQuerySchema", ImportQuerySchema, {}, { dryRun: "true" }, { dryRun: "false" }) },
};
