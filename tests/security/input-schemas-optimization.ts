// The input schemas of the optimization rules screen (lib/optimization/*.ts),
// spread into INPUT_SCHEMAS (./input-schemas.ts), with inputs the rule form and the REST API send.
import { ruleSchema } from "@/lib/optimization/rule-form";
import type { InputSchemaEntry } from "./input-schemas";

const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";

export const OPTIMIZATION_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/optimization/rule-form.ts#ruleSchema": {
    cases: () => [
      {
        label: "ruleSchema",
        schema: ruleSchema,
        valid: [
          { spend: "10", imps: "", clicks: "", convType: "INSTALL", convs: "2", durationDays: "7", refreshRateDays: "" },
          { spend: null, imps: 1000, clicks: 50, convType: "CONV", convs: 1, durationDays: 14, refreshRateDays: 3 },
        ],
      },
    ],
  },
  // The REST document's descriptions of the rule operations (lib/optimization/rest.ts): bodies are parsed by ruleSchema above.
  "lib/optimization/api-schema.ts#RuleBodySchema": { excluded: "the rule body as the OpenAPI document describes it; requests are parsed by ruleSchema (tested here)" },
  "lib/optimization/api-schema.ts#RuleViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/optimization/api-schema.ts#AppSchema": { excluded: RESPONSE_SHAPE },
  "lib/optimization/api-schema.ts#LogEntrySchema": { excluded: RESPONSE_SHAPE },
};
