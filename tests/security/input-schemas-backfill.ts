// The input schemas of audience backfill, spread into INPUT_SCHEMAS
// (./input-schemas.ts), with inputs the Backfill dialog and the REST API send.
import { BackfillRuleBodySchema } from "@/lib/audiences/backfill/api-schema";
import { backfillInputSchema, backfillRuleSchema } from "@/lib/audiences/backfill/query";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const VISITS = { template: "VISITED_PAGE", text: "/product", minCount: "2", days: "30", schedule: "ONCE", targetedEvents: "", excludedEvents: "" };
const EVENTS = { template: "FIRED_EVENT", event: "af_purchase", days: 7, schedule: "WEEKLY", targetedEvents: ["install"], excludedEvents: "app_open, add_to_cart" };

export const BACKFILL_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/audiences/backfill/query.ts#backfillInputSchema": { cases: () => [{ label: "backfillInputSchema", schema: backfillInputSchema, valid: [VISITS, EVENTS] }] },
  "lib/audiences/backfill/query.ts#backfillRuleSchema": {
    cases: (): SchemaCase[] => [
      { label: "backfillRuleSchema(website)", schema: backfillRuleSchema({ source: "WEBSITE", kind: "MMP_RULE" }), valid: [VISITS, EVENTS] },
      { label: "backfillRuleSchema(mobile)", schema: backfillRuleSchema({ source: "MOBILE", kind: "MMP_RULE" }), valid: [EVENTS] },
      { label: "backfillRuleSchema(IP backfill)", schema: backfillRuleSchema({ source: "WEBSITE", kind: "IP_BACKFILL" }), valid: [EVENTS] },
    ],
  },
  "lib/audiences/backfill/api-schema.ts#BackfillRuleBodySchema": { cases: () => [{ label: "BackfillRuleBodySchema", schema: BackfillRuleBodySchema, valid: [VISITS, EVENTS] }] },
  "lib/audiences/backfill/api-schema.ts#BackfillStatusViewSchema": { excluded: "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller" },
  "lib/audiences/backfill/api-schema.ts#BackfillTemplatesViewSchema": { excluded: "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller" },
  "lib/audiences/backfill/api-schema.ts#BackfillValidationViewSchema": { excluded: "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller" },
};
