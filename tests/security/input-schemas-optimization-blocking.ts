// The input schemas of the strategy blocking dialog (lib/optimization/blocking/schema.ts),
// spread into INPUT_SCHEMAS (./input-schemas.ts), with inputs the dialog and the REST API send.
import type { z } from "zod";
import { BlockingEntityQuerySchema, BlockingQuerySchema, OptimizeBodySchema, OptimizeInputSchema } from "@/lib/optimization/blocking/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: z.ZodType, ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";
const BLOCK = { siteIds: [], aggregatorIds: [3, 5], version: 4 };

export const OPTIMIZATION_BLOCKING_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/optimization/blocking/schema.ts#BlockingQuerySchema": {
    cases: () => one("BlockingQuerySchema", BlockingQuerySchema, { strategyId: 7, entity: "aggregator" }, { strategyId: "7", entity: "site" }, { strategyId: 7 }),
  },
  "lib/optimization/blocking/schema.ts#BlockingEntityQuerySchema": {
    cases: () => one("BlockingEntityQuerySchema", BlockingEntityQuerySchema, { entity: "site" }, {}),
  },
  "lib/optimization/blocking/schema.ts#OptimizeBodySchema": {
    cases: () => one("OptimizeBodySchema", OptimizeBodySchema, BLOCK, { siteIds: [12, 14] }),
  },
  "lib/optimization/blocking/schema.ts#OptimizeInputSchema": {
    cases: () => one("OptimizeInputSchema", OptimizeInputSchema, { strategyId: 7, ...BLOCK }, { strategyId: "7", siteIds: [1] }),
  },
  "lib/optimization/blocking/schema.ts#SuggestionSchema": { excluded: RESPONSE_SHAPE },
  "lib/optimization/blocking/schema.ts#SuggestionResponseSchema": { excluded: RESPONSE_SHAPE },
  "lib/optimization/blocking/schema.ts#ExistingTargetingSchema": { excluded: RESPONSE_SHAPE },
  "lib/optimization/blocking/schema.ts#OptimizeResultSchema": { excluded: RESPONSE_SHAPE },
};
