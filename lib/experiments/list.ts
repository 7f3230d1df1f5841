// The experiments list (/experiments): status, name, id, campaign,
// advertiser, compared rate, arms, start and end, creation time, on the
// shared list engine, paged, sorted and searched on the server. An
// experiment is "active" while it runs: the status filter's Active shows the
// running ones, Inactive the drafts, paused and completed ones.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { formatDate } from "../format";
import { endColumn, idColumn, nameColumn, plainColumn, startColumn, type ColumnSpec } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import { modelRows } from "../list/rows";
import { likeEscaped, type ListFilters } from "../list/where";
import { isId } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import { advertiserOptions } from "../advertisers/list";
import { EXPERIMENT_METRICS, STATUS_LABELS } from "./rules";

const SELECT = {
  id: true,
  name: true,
  status: true,
  metric: true,
  advertiserId: true,
  startTime: true,
  endTime: true,
  createdAt: true,
  campaign: { select: { name: true } },
  advertiser: { select: { name: true } },
  _count: { select: { arms: true } },
} satisfies Prisma.ExperimentSelect;
type Row = Prisma.ExperimentGetPayload<{ select: typeof SELECT }>;

export interface ExperimentListRecord {
  id: number;
  name: string;
  active: boolean;
  advertiserId: number;
  status: Row["status"];
  metric: Row["metric"];
  campaignName: string;
  advertiserName: string;
  armCount: number;
  startTime: Date;
  endTime: Date | null;
  createdAt: Date;
}
type Rec = ExperimentListRecord;

const toRecord = (r: Row): Rec => ({
  id: r.id,
  name: r.name,
  active: r.status === "RUNNING",
  advertiserId: r.advertiserId,
  status: r.status,
  metric: r.metric,
  campaignName: r.campaign.name,
  advertiserName: r.advertiser.name,
  armCount: r._count.arms,
  startTime: r.startTime,
  endTime: r.endTime,
  createdAt: r.createdAt,
});

function where(f: ListFilters): Prisma.ExperimentWhereInput {
  const w: Prisma.ExperimentWhereInput = {};
  if (f.status === "active") w.status = "RUNNING";
  if (f.status === "inactive") w.status = { not: "RUNNING" };
  if (f.advertiserId) w.advertiserId = f.advertiserId;
  if (f.campaignId) w.campaignId = f.campaignId;
  if (f.q) {
    const asId = Number(f.q);
    w.OR = [{ name: { contains: likeEscaped(f.q), mode: "insensitive" } }, ...(/^\d+$/.test(f.q) && isId(asId) ? [{ id: asId }] : [])];
  }
  return w;
}

const COLUMNS: ColumnSpec<Rec>[] = [
  // The experiment's own four statuses as text (the shared status cell shows only active / inactive).
  plainColumn<Rec>({ id: "status", header: "Status", orderBy: "status", testId: "experiment-status", text: (r) => STATUS_LABELS[r.status] }),
  nameColumn<Rec>({ testId: "experiment-name" }),
  idColumn<Rec>(),
  plainColumn<Rec>({ id: "campaign", header: "Campaign", testId: "experiment-campaign", text: (r) => r.campaignName }),
  plainColumn<Rec>({ id: "advertiser", header: "Advertiser", text: (r) => r.advertiserName }),
  plainColumn<Rec>({ id: "metric", header: "Compared Rate", orderBy: "metric", text: (r) => EXPERIMENT_METRICS[r.metric].label }),
  plainColumn<Rec>({ id: "arms", header: "Arms", kind: "number", testId: "experiment-arms", text: (r) => String(r.armCount), exportValue: (r) => r.armCount }),
  startColumn<Rec>(),
  endColumn<Rec>(),
  plainColumn<Rec>({ id: "creationTime", header: "Creation Time", orderBy: "createdAt", sortDescFirst: true, text: (r, env) => formatDate(r.createdAt, env.timeZone) }),
];

const rows = modelRows<Rec, Row>({ model: (db) => db.experiment, where, select: SELECT, toRecord });

export const experimentListAdapter: ListAdapter<Rec> = {
  defaultOrder: { field: "createdAt", desc: true }, // newest first
  columns: () => COLUMNS,
  ...rows,
  // Experiments have no archive flag: the shared byIds filters on one.
  byIds: async (ctx, ids) =>
    (await tenantDb(ctx).experiment.findMany({ where: { id: { in: ids.filter(isId) } }, select: SELECT })).map(toRecord),
  filterOptions: async (ctx) => ({ advertisers: await advertiserOptions(ctx), campaigns: null }),
  rowData: (r) => ({ status: r.status }),
};
