// The input schemas of the partner (DMP) segment catalogue
// (lib/partner-segments/schema.ts), spread into INPUT_SCHEMAS
// (./input-schemas.ts), with inputs the REST API and the picker send.
import type { z } from "zod";
import { PartnerSegmentLoadSchema, PartnerSegmentRowSchema, PartnerSegmentSearchSchema } from "@/lib/partner-segments/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: z.ZodType, ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";
const ROW = { provider: "Eyeota", providerSegmentId: "eyt-1", name: "SUV", taxonomyPath: "Auto > Intenders > SUV", size: 1000, cpm: "0.5" };

export const PARTNER_SEGMENT_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/partner-segments/schema.ts#PartnerSegmentRowSchema": {
    cases: () => one("PartnerSegmentRowSchema", PartnerSegmentRowSchema, ROW, { ...ROW, size: "1,250,000", cpm: 1.25, active: "false" }),
  },
  "lib/partner-segments/schema.ts#PartnerSegmentLoadSchema": { cases: () => one("PartnerSegmentLoadSchema", PartnerSegmentLoadSchema, { rows: [ROW] }) },
  "lib/partner-segments/schema.ts#PartnerSegmentSearchSchema": {
    cases: () => one("PartnerSegmentSearchSchema", PartnerSegmentSearchSchema, { q: "auto > suv", page: "2", size: "10" }, {}, { provider: "Eyeota" }),
  },
  "lib/partner-segments/schema.ts#PartnerSegmentRowDocSchema": { excluded: "the documentation of a loaded row; rows are parsed by PartnerSegmentRowSchema" },
  "lib/partner-segments/schema.ts#PartnerSegmentLoadResultSchema": { excluded: RESPONSE_SHAPE },
  "lib/partner-segments/schema.ts#PartnerSegmentViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/partner-segments/schema.ts#PartnerSegmentPageSchema": { excluded: RESPONSE_SHAPE },
};
