// The input schemas of report templates (lib/report-templates/schema.ts),
// spread into INPUT_SCHEMAS (./input-schemas.ts), with inputs the save
// dialog, the schedule form and the REST API send.
import { PauseTemplateSchema, ReportTemplateSchema, ScheduleSchema, TemplateRefSchema, UpdateReportTemplateSchema } from "@/lib/report-templates/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: SchemaCase["schema"], ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const SCHEDULE = { frequency: "WEEKLY", timeOfDay: "09:30", dayOfWeek: 1, recipients: "ops@example.com", fileFormat: "XLSX" };
const DEFINITION = { dimensions: ["campaign", "date"], metrics: ["impressions", "clicks"], from: "2026-11-01", to: "2026-11-07", timezoneId: 805 };

export const REPORT_TEMPLATE_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/report-templates/schema.ts#ScheduleSchema": {
    cases: () => one("ScheduleSchema", ScheduleSchema, SCHEDULE, { frequency: "MONTHLY", timeOfDay: "23:59", dayOfMonth: "28", recipients: ["a@example.com", "b@example.com"] }),
  },
  "lib/report-templates/schema.ts#ReportTemplateSchema": {
    cases: () =>
      one("ReportTemplateSchema", ReportTemplateSchema, { name: "Weekly", reportType: "advanced", definition: DEFINITION, schedule: SCHEDULE }, { name: "No schedule", description: null, reportType: "video", definition: DEFINITION, schedule: null }),
  },
  "lib/report-templates/schema.ts#UpdateReportTemplateSchema": {
    cases: () => one("UpdateReportTemplateSchema", UpdateReportTemplateSchema, { id: 1, version: 2, name: "Weekly", schedule: SCHEDULE }, { id: "1", version: "1", name: "Plain", schedule: null }),
  },
  "lib/report-templates/schema.ts#TemplateRefSchema": { cases: () => one("TemplateRefSchema", TemplateRefSchema, { id: 1, version: 1 }) },
  "lib/report-templates/schema.ts#PauseTemplateSchema": { cases: () => one("PauseTemplateSchema", PauseTemplateSchema, { id: 1, version: 1, paused: true }) },
  "lib/report-templates/rest.ts#ReportTemplateViewSchema": { excluded: "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller" },
};
