// The creative set list (shell.md 3: action, select, active, name, id, type
// with the DCO marker, sizes, creationTime, scheduledTimezone, startTime,
// endTime, the performance metrics plus rpr and cpr) on the shared list
// engine, through the tenant-scoped client. A set's delivery is that of the
// creatives it holds (lib/metrics/creative-metrics.ts); its money is in its
// advertiser's currency.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { referenceDb } from "../data/tenant-db";
import { formatDate } from "../format";
import { buildColumns, endColumn, idColumn, nameColumn, plainColumn, statusColumn, type ColumnSpec } from "../list/columns";
import { creativeDeliveryMetrics, type ListAdapter } from "../list/engine";
import { modelRows } from "../list/rows";
import { listWhere, type ListFilters } from "../list/where";
import { listIdsSql } from "../list/where-sql";
import { advertiserOptions } from "../advertisers/list";
import { creativeTypeText } from "../creatives/type-labels";
import { CREATIVE_SET_MESSAGES } from "./rules";

const SELECT = {
  id: true,
  name: true,
  active: true,
  advertiserId: true,
  type: true,
  dcoAd: true,
  clickDestinationId: true,
  sizes: true,
  createdAt: true,
  scheduledTimezoneId: true,
  startTime: true,
  endTime: true,
  advertiser: { select: { currencyCode: true } },
} satisfies Prisma.CreativeSetSelect;
type Row = Prisma.CreativeSetGetPayload<{ select: typeof SELECT }>;
export type CreativeSetListRecord = Omit<Row, "advertiser"> & { currencyCode: string; scheduledTimezoneName?: string };
type Rec = CreativeSetListRecord;

const toRecord = ({ advertiser, ...r }: Row): Rec => ({ ...r, currencyCode: advertiser.currencyCode });

/** shell.md 3 adds these two to the preset's metrics for creative sets. */
const EXTRA_METRICS = ["rpr", "cpr"];

/** The type, and that the set has no click destination (stored before one was required: business.md 5). */
const typeText = (r: Rec) => creativeTypeText(r.type, r.dcoAd) + (r.clickDestinationId === null ? ` · ${CREATIVE_SET_MESSAGES.clickDestinationMissingShort}` : "");

const BASE: ColumnSpec<Rec>[] = [
  statusColumn(),
  nameColumn({ testId: "creative-set-name" }),
  idColumn(),
  plainColumn<Rec>({ id: "type", header: "Type", orderBy: "type", testId: "creative-set-type", text: typeText }),
  plainColumn<Rec>({ id: "sizes", header: "Sizes", testId: "creative-set-sizes", text: (r) => (r.sizes.length ? r.sizes.join(", ") : "-") }),
  plainColumn<Rec>({ id: "creationTime", header: "Creation Time", orderBy: "createdAt", text: (r, env) => formatDate(r.createdAt, env.timeZone) }),
  plainColumn<Rec>({ id: "scheduledTimezone", header: "Scheduled Timezone", text: (r) => r.scheduledTimezoneName ?? "-" }),
  plainColumn<Rec>({ id: "startTime", header: "Start Date", orderBy: "startTime", text: (r, env) => (r.startTime ? formatDate(r.startTime, env.timeZone) : "-") }),
  // No end (null) or the never-ending epoch reads 'Never Ending' (shell.md 4, business.md 9).
  endColumn<Rec>(),
];

function where(f: ListFilters): Prisma.CreativeSetWhereInput {
  return { ...listWhere(f), ...(f.advertiserId ? { advertiserId: f.advertiserId } : {}) };
}

const idsSql = (f: ListFilters) => listIdsSql("CreativeSet", f, { parents: ["advertiserId"] });

export const creativeSetListAdapter: ListAdapter<Rec> = {
  defaultOrder: { field: "name", desc: false },
  columns: (role, presetColumns) => buildColumns({ role, base: BASE, setup: {}, fixedSetup: [], presetColumns: [...presetColumns, ...EXTRA_METRICS] }),
  ...modelRows<Rec, Row>({ model: (db) => db.creativeSet, where, select: SELECT, toRecord }),
  // The scheduled timezone's name (reference data: no relation on the set).
  enrich: async (_ctx, records) => {
    const ids = [...new Set(records.flatMap((r) => (r.scheduledTimezoneId === null ? [] : [r.scheduledTimezoneId])))];
    if (ids.length === 0) return records;
    const zones = await referenceDb().timezone.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
    const names = new Map(zones.map((z) => [z.id, z.name]));
    return records.map((r) => ({ ...r, scheduledTimezoneName: r.scheduledTimezoneId === null ? undefined : names.get(r.scheduledTimezoneId) }));
  },
  filterOptions: async (ctx) => ({ advertisers: await advertiserOptions(ctx), campaigns: null }),
  ...creativeDeliveryMetrics("creative_set", idsSql),
};
