// Changes to report templates: save a report as a template, edit its name and
// schedule, pause and resume, delete, ask for a run now. Pure server logic on
// the action's scope (server actions, REST and tests share it); each change
// is one transaction with its activity row. Read-only and demo users see
// templates but change none (the actions, ./actions.ts, refuse them before
// reading the input).
//
// Recipients must be users of the licensee or at a domain its operators allow
// (./recipient-check.ts): checked on create and update, beside the recipients
// field, and again by the runner at send time. "Run now" is rate limited per
// template and per user (./run-now-limit.ts).
//
// nextRunAt is the one field the runner (./runner.ts) reads to find due
// templates: it is set from the schedule on save and resume, cleared on
// pause and delete, and moved on by the runner after each slot it claims.
import type { SessionContext } from "../auth/context";
import type { Tx } from "../db";
import type { ActionScope } from "../data/scope";
import { systemTransaction } from "../data/tenant";
import type { TenantTx } from "../data/tenant-db";
import { writeActivity } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { ConflictError } from "../errors";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { enqueue } from "../jobs/queue";
import { JOB } from "../jobs/names";
import { loadTemplate, toTemplateDetails, toTemplateId, type ReportTemplateDetails, type TemplateRow } from "./queries";
import { PauseTemplateSchema, ReportTemplateSchema, TEMPLATE_MESSAGES as M, TemplateRefSchema, UpdateReportTemplateSchema, WEEKDAY_LABELS, type Schedule } from "./schema";
import { nextSlotAfter, scheduleText } from "./slots";
import { requireAllowedRecipients } from "./recipient-check";
import { consumeRunNow } from "./run-now-limit";

const FIELDS = ["name", "description", "schedule", "recipients", "fileFormat", "paused"] as const;

function entry(row: Pick<TemplateRow, "id" | "name">) {
  return { entityType: "REPORT_TEMPLATE", entityId: row.id, entityName: row.name, entityAdvertiserId: null } as const;
}

/** A template as its activity rows compare it. */
function audited(row: TemplateRow) {
  return {
    name: row.name,
    description: row.description,
    schedule: row.frequency ? scheduleText({ frequency: row.frequency, timeOfDay: row.timeOfDay ?? "00:00", dayOfWeek: row.dayOfWeek, dayOfMonth: row.dayOfMonth }, WEEKDAY_LABELS) + ` (${row.timezone})` : "None",
    recipients: row.recipients.join(", "),
    fileFormat: row.fileFormat,
    paused: row.paused,
  };
}

function scheduleColumns(schedule: Schedule | null, timezone: string, paused: boolean, now: Date) {
  if (!schedule) return { frequency: null, timeOfDay: null, dayOfWeek: null, dayOfMonth: null, recipients: [], nextRunAt: null };
  return {
    frequency: schedule.frequency,
    timeOfDay: schedule.timeOfDay,
    dayOfWeek: schedule.dayOfWeek,
    dayOfMonth: schedule.dayOfMonth,
    recipients: schedule.recipients,
    fileFormat: schedule.fileFormat,
    nextRunAt: paused ? null : nextSlotAfter(schedule, timezone, now),
  };
}

/** The IANA name of a report's timezone (the Timezone dictionary); UTC when unknown. */
async function ianaOf(tx: TenantTx, timezoneId: number): Promise<string> {
  const tz = await tx.timezone.findUnique({ where: { id: timezoneId }, select: { ianaName: true } });
  return tz?.ianaName ?? "UTC";
}

/** A schedule's recipients, checked in the change's transaction (memberships are a system table: its raw client). */
async function checkScheduleRecipients(ctx: SessionContext, schedule: Schedule | null): Promise<void> {
  if (schedule) await requireAllowedRecipients(systemTransaction() as Tx, ctx.licenseeId, schedule.recipients);
}

/** Saves a report definition as a template, with its schedule when given. */
export async function createReportTemplate(scope: ActionScope, input: unknown, now = new Date()): Promise<ReportTemplateDetails> {
  const { ctx } = scope;
  return withAuditedChange(scope, async (tx) => {
    const data = ReportTemplateSchema.parse(input);
    await checkScheduleRecipients(ctx, data.schedule);
    const timezone = await ianaOf(tx, data.definition.timezoneId);
    const created = await tx.reportTemplate.create({
      data: {
        createdById: ctx.userId,
        name: data.name,
        description: data.description,
        reportType: data.reportType,
        definition: data.definition,
        timezone,
        ...scheduleColumns(data.schedule, timezone, false, now),
      },
    });
    const after = await loadTemplate(tx, created.id);
    await writeActivity(tx, ctx, { action: "CREATE", ...entry(after), before: null, after: audited(after), fields: FIELDS });
    return toTemplateDetails(after);
  });
}

async function writableTemplate(tx: TenantTx, id: number, expectedVersion: number): Promise<TemplateRow> {
  const before = await loadTemplate(tx, id);
  if (before.version !== expectedVersion) throw new ConflictError(M.staleVersion);
  return before;
}

async function saveVersioned(tx: TenantTx, ctx: SessionContext, before: TemplateRow, data: object, message?: string) {
  await updateVersioned(tx.reportTemplate, before.id, before.version, data, "Report template").catch((e: unknown) => {
    throw e instanceof ConflictError ? new ConflictError(M.staleVersion) : e;
  });
  const after = await loadTemplate(tx, before.id);
  await writeActivity(tx, ctx, { action: "UPDATE", ...entry(after), message, before: audited(before), after: audited(after), fields: FIELDS });
  return toTemplateDetails(after);
}

/**
 * Saves the edit form (name, description, schedule); version-checked. An
 * unchanged form writes nothing (no version bump, no activity row), like
 * every other entity's edit: the next run stays where it is.
 */
export async function updateReportTemplate(scope: ActionScope, input: unknown, now = new Date()): Promise<ReportTemplateDetails> {
  const { ctx } = scope;
  const data = UpdateReportTemplateSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const before = await writableTemplate(tx, toTemplateId(data.id), data.version);
    await checkScheduleRecipients(ctx, data.schedule);
    const timezone = before.timezone ?? "UTC";
    const columns = { name: data.name, description: data.description, ...scheduleColumns(data.schedule, timezone, before.paused, now) };
    // nextRunAt follows the schedule (and the runner moves it on): not a change of its own.
    const edited = Object.keys(columns).filter((key) => key !== "nextRunAt");
    if (diffFields(before, columns, edited).length === 0) return toTemplateDetails(before);
    return saveVersioned(tx, ctx, before, columns);
  });
}

/** Pauses a schedule (no runs until resumed) or resumes it from the next slot after now. */
export async function setReportTemplatePaused(scope: ActionScope, input: unknown, now = new Date()): Promise<ReportTemplateDetails> {
  const { ctx } = scope;
  const { id, version, paused } = PauseTemplateSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const before = await writableTemplate(tx, toTemplateId(id), version);
    if (!before.frequency) throw new ConflictError(M.notScheduled);
    if (before.paused === paused) return toTemplateDetails(before);
    const schedule = { frequency: before.frequency, timeOfDay: before.timeOfDay ?? "00:00", dayOfWeek: before.dayOfWeek, dayOfMonth: before.dayOfMonth };
    const nextRunAt = paused ? null : nextSlotAfter(schedule, before.timezone ?? "UTC", now);
    return saveVersioned(tx, ctx, before, { paused, nextRunAt }, paused ? "Report schedule paused" : "Report schedule resumed");
  });
}

/** Deletes a template (archived: its run history stays for the audit trail, it never runs again). */
export async function deleteReportTemplate(scope: ActionScope, input: unknown): Promise<{ id: number }> {
  const { ctx } = scope;
  const { id, version } = TemplateRefSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const before = await writableTemplate(tx, toTemplateId(id), version);
    await updateVersioned(tx.reportTemplate, before.id, before.version, { isArchived: true, nextRunAt: null }, "Report template");
    await writeActivity(tx, ctx, { action: "DELETE", ...entry(before), before: audited(before), after: null, fields: FIELDS });
    return { id: before.id };
  });
}

/** A run asked for with "Run now": queued once the request (and its activity row) committed. */
export interface RunRequest {
  id: number;
  licenseeId: number;
  slot: string;
}

/**
 * Records the request to run a scheduled template now, with its activity row
 * (no run yet: enqueueReportRun). Counted by the "Run now" limits first, which
 * run outside any transaction: callers must not hold one open.
 */
export async function requestReportRun(scope: ActionScope, input: unknown, now = new Date()): Promise<RunRequest> {
  const { ctx, db } = scope;
  const { id } = TemplateRefSchema.pick({ id: true }).parse(input);
  // Found and scheduled before anything is counted: another licensee's id is 404 and uses up nobody's runs.
  const template = await loadTemplate(db, toTemplateId(id));
  if (!template.frequency || template.recipients.length === 0) throw new ConflictError(M.notScheduled);
  await consumeRunNow(template.id, ctx.userId);
  return withAuditedChange(scope, async (tx) => {
    const row = await loadTemplate(tx, template.id);
    if (!row.frequency || row.recipients.length === 0) throw new ConflictError(M.notScheduled);
    await writeActivity(tx, ctx, { action: "UPDATE", ...entry(row), message: "Report run requested", changes: [{ fieldName: "run", oldValue: null, newValue: now.toISOString() }] });
    return { id: row.id, licenseeId: ctx.licenseeId, slot: now.toISOString() };
  });
}

/**
 * Queues the run (outside any transaction: on the embedded database pg-boss
 * shares its one connection, so a send inside a transaction would wait for itself).
 */
export async function enqueueReportRun(request: RunRequest): Promise<boolean> {
  return (await enqueue(JOB.reportTemplateRun, { templateId: request.id, licenseeId: request.licenseeId, slot: request.slot, manual: true })) !== null;
}
