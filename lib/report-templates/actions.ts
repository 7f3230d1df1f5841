"use server";
// Server actions of report templates and scheduling, built with defineAction
// (session, role, input schema, transaction, revalidation, result shape); the
// logic is ./mutations.ts, shared with the REST API and the tests.
import { defineAction } from "../actions/define-action";
import { createReportTemplate, deleteReportTemplate, enqueueReportRun, requestReportRun, setReportTemplatePaused, updateReportTemplate } from "./mutations";
import { PauseTemplateSchema, ReportTemplateSchema, TemplateRefSchema, UpdateReportTemplateSchema } from "./schema";

const PAGES = [{ path: "/report/schedule", type: "layout" }] as const;

export const createReportTemplateAction = defineAction({
  name: "reportTemplate.create",
  access: "write",
  idempotent: true,
  input: ReportTemplateSchema,
  revalidate: [...PAGES],
  run: ({ ctx, db, input }) => createReportTemplate({ ctx, db }, input),
});

export const updateReportTemplateAction = defineAction({
  name: "reportTemplate.update",
  access: "write",
  input: UpdateReportTemplateSchema,
  revalidate: [...PAGES],
  run: ({ ctx, db, input }) => updateReportTemplate({ ctx, db }, input),
});

export const pauseReportTemplateAction = defineAction({
  name: "reportTemplate.pause",
  access: "write",
  input: PauseTemplateSchema,
  revalidate: [...PAGES],
  run: ({ ctx, db, input }) => setReportTemplatePaused({ ctx, db }, input),
});

export const deleteReportTemplateAction = defineAction({
  name: "reportTemplate.delete",
  access: "write",
  input: TemplateRefSchema,
  revalidate: [...PAGES],
  run: ({ ctx, db, input }) => deleteReportTemplate({ ctx, db }, input),
});

export const runReportTemplateNowAction = defineAction({
  name: "reportTemplate.runNow",
  access: "write",
  input: TemplateRefSchema.pick({ id: true }),
  // requestReportRun counts the "Run now" limits in the shared counter table
  // before its own short transaction; inside an open one that statement would
  // wait for it on the embedded database's single connection.
  transaction: false,
  revalidate: [...PAGES],
  run: ({ ctx, db, input }) => requestReportRun({ ctx, db }, input),
  // Queued once the request committed (see enqueueReportRun).
  after: async (_body, request) => {
    await enqueueReportRun(request);
  },
});
