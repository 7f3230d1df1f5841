// The input schemas of reports (lib/reports/definition.ts), spread into
// INPUT_SCHEMAS (./input-schemas.ts), with the definitions the builder, the
// URL state and POST /api/v1/reports send.
import { ReportDefinitionSchema, ReportFilterSchema, ReportSortSchema } from "@/lib/reports/definition";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: SchemaCase["schema"], ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const DEFINITION = { dimensions: ["campaign", "date"], metrics: ["impressions", "clicks", "ctr"], from: "2026-11-01", to: "2026-11-07", timezoneId: 805 };

export const REPORT_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/reports/definition.ts#ReportDefinitionSchema": {
    cases: () =>
      one("ReportDefinitionSchema", ReportDefinitionSchema, DEFINITION, {
        ...DEFINITION,
        dimensions: ["country", "inventory"],
        filters: [{ dimension: "country", op: "notIn", values: ["IN", "US"] }, { dimension: "inventory", values: ["app:3"] }],
        compare: true,
        sort: { by: "clicks", desc: false },
        page: 2,
        pageSize: 50,
      }),
  },
  "lib/reports/definition.ts#ReportFilterSchema": { cases: () => one("ReportFilterSchema", ReportFilterSchema, { dimension: "campaign", op: "in", values: ["12", "13"] }) },
  "lib/reports/definition.ts#ReportSortSchema": { cases: () => one("ReportSortSchema", ReportSortSchema, { by: "impressions", desc: true }, { by: "date" }) },
  "lib/reports/api-schema.ts#ReportResultSchema": { excluded: "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller" },
};
