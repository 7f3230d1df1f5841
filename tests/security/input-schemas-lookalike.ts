// The input schemas of look-alike refresh and the conversion estimator,
// spread into INPUT_SCHEMAS (./input-schemas.ts), with inputs the details
// page, the estimator page and the REST API send.
import { LookAlikeRebuildModeSchema, RefreshLookAlikeBodySchema } from "@/lib/audiences/lookalike/api-schema";
import { EstimateInputSchema } from "@/lib/audiences/estimator/schema";

const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: SchemaCase["schema"], ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];

export const LOOKALIKE_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/audiences/lookalike/api-schema.ts#LookAlikeRebuildModeSchema": { cases: () => one("LookAlikeRebuildModeSchema", LookAlikeRebuildModeSchema, "refresh", "recreate") },
  "lib/audiences/lookalike/api-schema.ts#RefreshLookAlikeBodySchema": { cases: () => one("RefreshLookAlikeBodySchema", RefreshLookAlikeBodySchema, {}, { mode: "recreate" }) },
  "lib/audiences/lookalike/api-schema.ts#RefreshLookAlikeViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/estimator/schema.ts#EstimateViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/estimator/schema.ts#EstimateInputSchema": {
    cases: () =>
      one("EstimateInputSchema", EstimateInputSchema, { advertiserId: 1, targetIds: [2], goal: "INSTALL" }, { advertiserId: "1", targetIds: ["2", 3], blockedIds: [4], goal: "CLICK" }),
  },
};
