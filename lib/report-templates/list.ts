// The report templates list (/report/schedule/list) on the shared list
// engine: name (to the details page), id, report, schedule, recipients,
// format, next run, the last run's outcome, creator and creation time; paged,
// sorted and searched on the server. "Active" is a running schedule: the
// status filter's Inactive shows paused templates and those without one.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { formatTimestamp } from "../format";
import { idColumn, nameColumn, plainColumn, type ColumnSpec } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import { modelRows } from "../list/rows";
import { likeEscaped, type ListFilters } from "../list/where";
import { isId } from "../data/gate";
import { REPORT_TYPE_LABELS, WEEKDAY_LABELS, type Frequency, type ReportType } from "./schema";
import { scheduleText } from "./slots";

const SELECT = {
  id: true,
  name: true,
  reportType: true,
  frequency: true,
  timeOfDay: true,
  dayOfWeek: true,
  dayOfMonth: true,
  timezone: true,
  recipients: true,
  fileFormat: true,
  paused: true,
  nextRunAt: true,
  createdAt: true,
  createdBy: { select: { name: true } },
  runs: { select: { status: true, startedAt: true }, orderBy: { startedAt: "desc" }, take: 1 },
} satisfies Prisma.ReportTemplateSelect;
type Row = Prisma.ReportTemplateGetPayload<{ select: typeof SELECT }>;

export interface ReportTemplateListRecord {
  id: number;
  name: string;
  active: boolean;
  reportType: string;
  schedule: string;
  recipients: string[];
  fileFormat: string;
  nextRunAt: Date | null;
  lastRun: string;
  createdByName: string;
  createdAt: Date;
}
type Rec = ReportTemplateListRecord;

export function scheduleSummary(r: Pick<Row, "frequency" | "timeOfDay" | "dayOfWeek" | "dayOfMonth" | "timezone" | "paused">): string {
  if (!r.frequency) return "Not scheduled";
  const text = scheduleText({ frequency: r.frequency as Frequency, timeOfDay: r.timeOfDay ?? "00:00", dayOfWeek: r.dayOfWeek, dayOfMonth: r.dayOfMonth }, WEEKDAY_LABELS);
  return `${text} ${r.timezone ?? "UTC"}${r.paused ? " (paused)" : ""}`;
}

const toRecord = (r: Row): Rec => ({
  id: r.id,
  name: r.name,
  active: r.frequency !== null && !r.paused,
  reportType: REPORT_TYPE_LABELS[r.reportType as ReportType] ?? r.reportType,
  schedule: scheduleSummary(r),
  recipients: r.recipients,
  fileFormat: r.frequency ? r.fileFormat : "",
  nextRunAt: r.nextRunAt,
  lastRun: r.runs[0] ? r.runs[0].status : "",
  createdByName: r.createdBy.name,
  createdAt: r.createdAt,
});

function where(f: ListFilters): Prisma.ReportTemplateWhereInput {
  const w: Prisma.ReportTemplateWhereInput = { isArchived: false };
  if (f.status === "active") Object.assign(w, { frequency: { not: null }, paused: false });
  if (f.status === "inactive") w.OR = [{ frequency: null }, { paused: true }];
  if (f.q) {
    const asId = Number(f.q);
    const search: Prisma.ReportTemplateWhereInput[] = [{ name: { contains: likeEscaped(f.q), mode: "insensitive" } }, ...(/^\d+$/.test(f.q) && isId(asId) ? [{ id: asId }] : [])];
    w.AND = [{ OR: search }];
  }
  return w;
}

const COLUMNS: ColumnSpec<Rec>[] = [
  plainColumn<Rec>({ id: "active", header: "Status", kind: "status", orderBy: "paused", text: (r) => (r.active ? "Active" : "Inactive") }),
  nameColumn<Rec>({ testId: "report-template-name" }),
  idColumn<Rec>(),
  plainColumn<Rec>({ id: "reportType", header: "Report", orderBy: "reportType", text: (r) => r.reportType }),
  plainColumn<Rec>({ id: "schedule", header: "Schedule", testId: "report-template-schedule", text: (r) => r.schedule }),
  plainColumn<Rec>({ id: "recipients", header: "Recipients", text: (r) => r.recipients.join(", ") }),
  plainColumn<Rec>({ id: "fileFormat", header: "Format", text: (r) => r.fileFormat }),
  plainColumn<Rec>({ id: "nextRunAt", header: "Next Run", orderBy: "nextRunAt", text: (r, env) => (r.nextRunAt ? formatTimestamp(r.nextRunAt, env.timeZone) : "-") }),
  plainColumn<Rec>({ id: "lastRun", header: "Last Run", testId: "report-template-last-run", text: (r) => r.lastRun || "-" }),
  plainColumn<Rec>({ id: "createdBy", header: "Created By", text: (r) => r.createdByName }),
  plainColumn<Rec>({ id: "createdAt", header: "Creation Time", orderBy: "createdAt", sortDescFirst: true, text: (r, env) => formatTimestamp(r.createdAt, env.timeZone) }),
];

export const reportTemplateListAdapter: ListAdapter<Rec> = {
  defaultOrder: { field: "createdAt", desc: true },
  columns: () => COLUMNS,
  ...modelRows<Rec, Row>({ model: (db) => db.reportTemplate, where, select: SELECT, toRecord }),
  filterOptions: async () => ({ advertisers: null, campaigns: null }),
};
