// The strategy templates list (/strategy/templates; shell.md 3: templateName,
// description cut at 100 characters, goal, totalUsage, createdBy.name,
// creationTime, licensee.name shown as 'Saved From') on the shared list
// engine, paged, sorted and searched on the server. A template has no status:
// every template is usable, so the status filter's 'Inactive' matches none.
// The full description travels as the row's data for the cell's hover.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { formatTimestamp, PRICING_TYPE_LABELS } from "../format";
import { plainColumn, type ColumnSpec } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import { modelRows } from "../list/rows";
import { likeEscaped, type ListFilters } from "../list/where";
import { isId } from "../data/gate";
import { descriptionPreview } from "./settings";

const SELECT = {
  id: true,
  templateName: true,
  description: true,
  goal: true,
  totalUsage: true,
  createdAt: true,
  createdBy: { select: { name: true } },
  licensee: { select: { name: true } },
} satisfies Prisma.StrategyTemplateSelect;
type Row = Prisma.StrategyTemplateGetPayload<{ select: typeof SELECT }>;

export interface TemplateListRecord {
  id: number;
  /** The template name (the list engine's name column). */
  name: string;
  active: true;
  description: string | null;
  goal: string;
  totalUsage: number;
  createdAt: Date;
  createdByName: string;
  savedFrom: string;
}

const toRecord = (r: Row): TemplateListRecord => ({
  id: r.id,
  name: r.templateName,
  active: true,
  description: r.description,
  goal: r.goal,
  totalUsage: r.totalUsage,
  createdAt: r.createdAt,
  createdByName: r.createdBy.name,
  savedFrom: r.licensee.name,
});

function where(f: ListFilters): Prisma.StrategyTemplateWhereInput {
  const w: Prisma.StrategyTemplateWhereInput = { isArchived: false };
  if (f.status === "inactive") w.id = -1; // templates have no inactive state
  if (f.q) {
    const asId = Number(f.q);
    w.OR = [{ templateName: { contains: likeEscaped(f.q), mode: "insensitive" } }, ...(/^\d+$/.test(f.q) && isId(asId) ? [{ id: asId }] : [])];
  }
  return w;
}

export const goalLabel = (goal: string) => PRICING_TYPE_LABELS[goal] ?? goal;

const COLUMNS: ColumnSpec<TemplateListRecord>[] = [
  plainColumn({ id: "templateName", header: "Template Name", kind: "link", orderBy: "templateName", testId: "template-name", text: (r) => r.name }),
  plainColumn({
    id: "description",
    header: "Description",
    testId: "template-description",
    text: (r) => descriptionPreview(r.description),
    exportValue: (r) => r.description ?? "",
  }),
  plainColumn({ id: "goal", header: "Goal", orderBy: "goal", testId: "template-goal", text: (r) => goalLabel(r.goal) }),
  plainColumn({
    id: "totalUsage",
    header: "Total Usage",
    kind: "number",
    orderBy: "totalUsage",
    sortDescFirst: true,
    testId: "template-usage",
    text: (r) => String(r.totalUsage),
    exportValue: (r) => r.totalUsage,
  }),
  plainColumn({ id: "createdBy", header: "Created By", text: (r) => r.createdByName }),
  plainColumn({ id: "createdAt", header: "Creation Time", orderBy: "createdAt", sortDescFirst: true, text: (r, env) => formatTimestamp(r.createdAt, env.timeZone) }),
  plainColumn({ id: "savedFrom", header: "Saved From", text: (r) => r.savedFrom }),
];

export const templateListAdapter: ListAdapter<TemplateListRecord> = {
  defaultOrder: { field: "createdAt", desc: true }, // newest first
  columns: () => COLUMNS,
  ...modelRows<TemplateListRecord, Row>({ model: (db) => db.strategyTemplate, where, select: SELECT, toRecord }),
  filterOptions: async () => ({ advertisers: null, campaigns: null }),
  rowData: (r) => ({ description: r.description ?? "" }),
};
