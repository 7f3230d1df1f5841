// The input schemas of the dictionaries (lib/dictionaries/schema.ts), spread
// into INPUT_SCHEMAS (./input-schemas.ts), with the requests the wizard's
// pickers and POST /api/v1/dictionaries/{kind} send.
import { DictionaryBodySchema, DictionaryFilterSchema, DictionaryQuerySchema, DictionaryRequestSchema } from "@/lib/dictionaries/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: SchemaCase["schema"], ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const RESPONSE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";

export const DICTIONARY_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/dictionaries/schema.ts#DictionaryRequestSchema": {
    cases: () =>
      one(
        "DictionaryRequestSchema",
        DictionaryRequestSchema,
        { kind: "device_model", size: 50, filters: [{ column: "brand", value: "Apple" }, { column: "name", value: "iph" }] },
        { kind: "product_category", page: "0", size: "1000", sort: "label ", refresh: "true", filters: [{ column: "advertiserId", value: 12 }] },
      ),
  },
  "lib/dictionaries/schema.ts#DictionaryQuerySchema": { cases: () => one("DictionaryQuerySchema", DictionaryQuerySchema, { page: "0", size: "1000", sort: "label+", refresh: "" }, {}) },
  "lib/dictionaries/schema.ts#DictionaryBodySchema": {
    cases: () => one("DictionaryBodySchema", DictionaryBodySchema, { searchRequest: { filters: [{ column: "category", value: "Sports" }] } }, {}),
  },
  "lib/dictionaries/schema.ts#DictionaryFilterSchema": { cases: () => one("DictionaryFilterSchema", DictionaryFilterSchema, { column: "dealId", value: "DL-1" }) },
  "lib/dictionaries/schema.ts#DictionaryEntrySchema": { excluded: RESPONSE },
  "lib/dictionaries/schema.ts#DictionaryPageSchema": { excluded: RESPONSE },
};
