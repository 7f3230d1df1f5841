// Reads of report templates for the session's licensee, and the plain shape a
// stored template takes outside the database (details page, REST view):
// times as ISO text, the definition parsed again by the report schema.
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../actions/fields";
import { NotFoundError } from "../errors";
import { orNotFound } from "../data/gate";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import type { ReportRun, ReportTemplate } from "../generated/prisma/client";
import { nearestPageSize, ReportDefinitionSchema, type ReportDefinition } from "../reports/definition";
import { fileUrl } from "../storage/keys";
import type { RecipientRule } from "./recipients";
import { REPORT_TYPES, type Frequency, type ReportType } from "./schema";

export type TemplateRow = ReportTemplate & { createdBy: { name: string } };
export const TEMPLATE_INCLUDE = { createdBy: { select: { name: true } } } as const;
/** The run history shown with a template: the latest first. */
export const RUN_HISTORY = 20;

/** A template id from a URL or a form: anything that cannot be one is "not found". */
export function toTemplateId(id: number | string): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new NotFoundError("Report template");
  return n;
}

/** A stored definition, read through the report schema (a template saved before a schema change still parses or says why). */
export function storedDefinition(json: unknown): ReportDefinition {
  return ReportDefinitionSchema.parse(json);
}

/**
 * A stored definition as the details page and the REST view show it: as
 * stored (a run parses it whole, with its messages), but its page size one of
 * those offered now, as the report opened from it will use.
 */
function shownDefinition(json: unknown): ReportDefinition {
  const def = json as ReportDefinition;
  return typeof def.pageSize === "number" ? { ...def, pageSize: nearestPageSize(def.pageSize) } : def;
}

export function toRunView(run: ReportRun) {
  return {
    id: run.id,
    slot: run.slot.toISOString(),
    manual: run.manual,
    status: run.status,
    rows: run.rows,
    error: run.error,
    /** Recipients the run left out: no longer a user of the licensee nor at an allowed domain. */
    skippedRecipients: run.skippedRecipients,
    /** The file in the console when it was too large to attach (signed-in users of the licensee). */
    fileUrl: run.fileKey ? fileUrl(run.fileKey) : null,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
  };
}
export type ReportRunView = ReturnType<typeof toRunView>;

export function toTemplateDetails(row: TemplateRow, runs: ReportRun[] = []) {
  const schedule = row.frequency
    ? {
        frequency: row.frequency as Frequency,
        timeOfDay: row.timeOfDay ?? "00:00",
        dayOfWeek: row.dayOfWeek,
        dayOfMonth: row.dayOfMonth,
        recipients: row.recipients,
        fileFormat: row.fileFormat,
      }
    : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    reportType: (REPORT_TYPES as readonly string[]).includes(row.reportType) ? (row.reportType as ReportType) : "advanced",
    definition: shownDefinition(row.definition),
    schedule,
    timezone: row.timezone,
    paused: row.paused,
    nextRunAt: row.nextRunAt ? row.nextRunAt.toISOString() : null,
    createdBy: row.createdBy.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    runs: runs.map(toRunView),
  };
}
export type ReportTemplateDetails = ReturnType<typeof toTemplateDetails>;

export async function loadTemplate(tx: TenantTx, id: number): Promise<TemplateRow> {
  return orNotFound(await tx.reportTemplate.findFirst({ where: { id, isArchived: false }, include: TEMPLATE_INCLUDE }), "Report template");
}

/** One template of the session's licensee with its latest runs. */
export async function getReportTemplateOrThrow(ctx: SessionContext, id: number | string): Promise<ReportTemplateDetails> {
  const db = tenantDb(ctx);
  const row = await loadTemplate(db, toTemplateId(id));
  const runs = await db.reportRun.findMany({ where: { templateId: row.id }, orderBy: { startedAt: "desc" }, take: RUN_HISTORY });
  return toTemplateDetails(row, runs);
}

/** Who may receive the licensee's reports, as the schedule form shows it. */
export async function recipientRuleFor(ctx: SessionContext): Promise<RecipientRule> {
  const licensee = await tenantDb(ctx).licensee.findFirst({ select: { name: true, reportRecipientDomains: true } });
  return { licenseeName: licensee?.name ?? ctx.licenseeName, domains: licensee?.reportRecipientDomains ?? [] };
}
