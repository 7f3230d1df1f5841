// The input schemas of audiences (lib/audiences/schema.ts), spread into
// INPUT_SCHEMAS (./input-schemas.ts), with inputs the audience form and the
// REST API send.
import { audienceRuleGroupSchema, audienceRuleSchema, audienceSchema } from "@/lib/audiences/schema";
import { mmpPostbackSchema } from "@/lib/audiences/postback/schema";
import { AudienceChartBodySchema, AudienceChartInputSchema } from "@/lib/audiences/chart/schema";
import type { InputSchemaEntry } from "./input-schemas";

const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";
const RULE = { filterId: 1, operatorId: 1, value: "/product", duration: "30", durationUnit: "DAY" };
const WEB = {
  advertiserId: 1, name: "Site visitors", description: "Visitors of the shop", source: "WEBSITE", kind: "MMP_RULE", deviceIdentifier: "ADID",
  consentType: "BOTH", osTypeId: "", userExpiryDays: "30", partnerSegmentId: "", seedAudienceId: "",
  ruleGroups: [{ rules: [RULE, { filterId: 17, operatorId: 3, value: "2", duration: 7, durationUnit: "DAY" }] }, { rules: [{ ...RULE, filterId: 5, operatorId: 4, value: "purchase" }] }],
};
const DMP = { ...WEB, source: "DMP", kind: "CRM", partnerSegmentId: 12, ruleGroups: [] };
const APP = { ...WEB, source: "MOBILE", kind: "IP_BACKFILL", deviceIdentifier: "IP", osTypeId: 4, userExpiryDays: 45, ruleGroups: [] };

export const AUDIENCE_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/audiences/schema.ts#audienceSchema": {
    cases: () => [{ label: "audienceSchema", schema: audienceSchema().in, valid: [WEB, DMP, APP, { ...WEB, source: "LOOK_ALIKE", kind: "MMP_RULE", seedAudienceId: 3, ruleGroups: [] }] }],
  },
  "lib/audiences/schema.ts#audienceRuleSchema": { cases: () => [{ label: "audienceRuleSchema", schema: audienceRuleSchema, valid: [RULE] }] },
  "lib/audiences/postback/api-schema.ts#PostbackKeyViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/postback/api-schema.ts#GeneratedPostbackKeyViewSchema": { excluded: RESPONSE_SHAPE },
  // The MMP postback's parameters as the endpoint reads them (query string, JSON or form body).
  "lib/audiences/postback/schema.ts#mmpPostbackSchema": {
    cases: () => [
      {
        label: "mmpPostbackSchema",
        schema: mmpPostbackSchema(new Date()),
        valid: [
          { event: "af_purchase", device_id: "6D92078A-8246-4BA4-AE5B-76104861E7DC", os: "ios", country: "DE", value: "4.99", event_time: "2026-11-26 08:30:00" },
          { event: "install", device_id: "38400000-8cf0-11bd-b23e-10b96e40000d", os: "android", value: 0 },
        ],
      },
    ],
  },
  "lib/audiences/chart/schema.ts#AudienceChartInputSchema": {
    cases: () => [{ label: "AudienceChartInputSchema", schema: AudienceChartInputSchema, valid: [{ audienceId: 3 }, { audienceId: 3, from: "2024-03-01", to: "2024-03-31", timezoneId: 805 }] }],
  },
  "lib/audiences/chart/schema.ts#AudienceChartBodySchema": {
    cases: () => [{ label: "AudienceChartBodySchema", schema: AudienceChartBodySchema, valid: [{}, { from: "2024-03-01", to: "2024-03-31" }] }],
  },
  "lib/audiences/chart/schema.ts#AudienceChartViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/schema.ts#audienceRuleGroupSchema": { cases: () => [{ label: "audienceRuleGroupSchema", schema: audienceRuleGroupSchema, valid: [{ rules: [RULE] }] }] },
};
