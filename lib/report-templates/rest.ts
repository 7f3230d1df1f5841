// The REST resource of report templates (/api/v1/report-templates): list,
// get (with the latest runs), create (a report definition, the same schema
// as POST /api/v1/reports, with an optional schedule), PATCH (name,
// description, schedule; with `version`) and delete, through the scheduling
// screen's own action definitions. The details page's pause, resume and run
// now are ./rest-operations.ts.
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { reportTemplateOperations } from "./rest-operations";
import { erase } from "../rest/resource";
import { viewId, viewJson, viewTime, viewVersion } from "../rest/view-fields";
import type { TenantClient } from "../data/tenant-db";
import type { Prisma } from "../generated/prisma/client";
import { createReportTemplateAction, deleteReportTemplateAction, updateReportTemplateAction } from "./actions";
import { TEMPLATE_INCLUDE, toTemplateDetails, type TemplateRow } from "./queries";
import { FILE_FORMATS, FREQUENCIES, REPORT_TYPES, ReportTemplateSchema, UpdateReportTemplateSchema } from "./schema";

const ScheduleViewSchema = z
  .object({
    frequency: z.enum(FREQUENCIES),
    timeOfDay: z.string().meta({ description: "HH:mm, local to `timezone`." }),
    dayOfWeek: z.number().int().min(1).max(7).nullable().meta({ description: "WEEKLY: 1 Monday .. 7 Sunday." }),
    dayOfMonth: z.number().int().min(1).max(28).nullable().meta({ description: "MONTHLY: 1 to 28." }),
    recipients: z.array(z.string()).meta({
      description: "Users of the licensee, or addresses at a domain its operators allow (exact match); any other address is a 400 naming it beside `schedule.recipients`.",
    }),
    fileFormat: z.enum(FILE_FORMATS),
  })
  .nullable()
  .meta({ description: "null: a template without a schedule. Each run reports as many days as the saved definition spans, ending the day before the run." });

export const ReportTemplateViewSchema = z.object({
  id: viewId,
  name: z.string(),
  description: z.string().nullable(),
  reportType: z.enum(REPORT_TYPES),
  definition: viewJson.meta({ description: "The report definition (the body of POST /api/v1/reports)." }),
  schedule: ScheduleViewSchema,
  timezone: z.string().nullable().meta({ description: "IANA timezone of the schedule and of the report's days (the definition's timezone)." }),
  paused: z.boolean(),
  nextRunAt: viewTime.nullable(),
  createdBy: z.string(),
  createdAt: viewTime,
  updatedAt: viewTime,
  version: viewVersion,
});
type ReportTemplateView = z.output<typeof ReportTemplateViewSchema>;

type Where = Prisma.ReportTemplateWhereInput;

const withCreator = (db: TenantClient) => ({
  findMany: (args: { where: Where; orderBy: Prisma.ReportTemplateOrderByWithRelationInput[]; skip: number; take: number }) =>
    db.reportTemplate.findMany({ ...args, include: TEMPLATE_INCLUDE }),
  findFirst: (args: { where: Where }) => db.reportTemplate.findFirst({ ...args, include: TEMPLATE_INCLUDE }),
  count: (args: { where: Where }) => db.reportTemplate.count(args),
});

export const reportTemplateResource = defineResource<typeof ReportTemplateViewSchema, TemplateRow>(
  ["report template", "report templates"],
  ReportTemplateViewSchema,
  {
    description: "Saved report definitions of the licensee, optionally scheduled daily, weekly or monthly and e-mailed as CSV or XLSX.",
    model: withCreator,
    toView: (row) => ReportTemplateViewSchema.strip().parse(toTemplateDetails(row)),
    sortFields: ["name", "id", "nextRunAt", "createdAt"],
    searchColumns: ["name"],
    filters: [],
    where: { isArchived: false },
    getWhere: { isArchived: false },
    create: { definition: erase(createReportTemplateAction.definition), body: ReportTemplateSchema },
    update: {
      definition: erase(updateReportTemplateAction.definition),
      body: UpdateReportTemplateSchema.omit({ id: true, version: true }),
      editable: (current: ReportTemplateView) => ({ name: current.name, description: current.description, schedule: current.schedule }),
      input: ({ id, version, values }) => ({ ...values, id, version }),
    },
    delete: { definition: erase(deleteReportTemplateAction.definition), input: ({ id, current }) => ({ id, version: current.version }) },
  },
);

/** What the entity hands to the registry (its entity.ts). */
export const reportTemplateRest: EntityRest = { resource: reportTemplateResource, operations: reportTemplateOperations(reportTemplateResource) };
