// The audience list (shell.md 3: select, active, name, id, audience_type,
// status (the look-alike status), advertiserName, advertiserId, totalUU,
// dailyUU, impressions, clicks, ctr, attributed and non-attributed installs
// and conversions, installs and conversions per 1000 users, creationTime,
// modifiedTime) on the shared list engine, through the tenant-scoped client.
//
// `?type=app|web|dmp|lal` limits the list to one source (shell.md 2.6).
// totalUU and dailyUU are the audience's own columns (kept by the member
// jobs); the delivery columns are read through the strategies that target the
// audience and its members' events (./list-metrics.ts says how).
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { formatDate, formatMetricValue } from "../format";
import { buildColumns, idColumn, metricExport, nameColumn, plainColumn, statusColumn, type ColumnSpec } from "../list/columns";
import type { MetricType } from "../metrics/catalogue";
import { audienceMetrics } from "./list-metrics";
import type { ListAdapter } from "../list/engine";
import { modelRows } from "../list/rows";
import type { SearchParamsInput } from "../list/url-state";
import { listWhere, type ListFilters } from "../list/where";
import { advertiserOptions } from "../advertisers/list";
import { segmentLabel } from "../partner-segments/schema";
import { SOURCE_LABELS, sourceOfTypeParam, type AudienceSourceValue } from "./labels";

const SELECT = {
  id: true,
  name: true,
  active: true,
  advertiserId: true,
  source: true,
  lookAlikeStatus: true,
  totalUU: true,
  dailyUU: true,
  createdAt: true,
  updatedAt: true,
  advertiser: { select: { name: true } },
  dmpSegment: true,
  partnerSegment: { select: { provider: true, name: true, taxonomyPath: true, size: true } },
} satisfies Prisma.AudienceSelect;
type Row = Prisma.AudienceGetPayload<{ select: typeof SELECT }>;
export type AudienceListRecord = Omit<Row, "advertiser" | "totalUU" | "dailyUU" | "partnerSegment"> & {
  advertiserName: string;
  totalUU: number;
  dailyUU: number;
  /** DMP audiences: the catalogue segment in one line (with its size, the reach estimate), else the free-text name saved before the catalogue. */
  segment: string | null;
};
type Rec = AudienceListRecord;

const toRecord = ({ advertiser, totalUU, dailyUU, partnerSegment, ...r }: Row): Rec => ({
  ...r,
  advertiserName: advertiser.name,
  totalUU: Number(totalUU),
  dailyUU: Number(dailyUU),
  segment: partnerSegment ? segmentLabel({ ...partnerSegment, size: Number(partnerSegment.size) }) : r.dmpSegment,
});

const count = (n: number) => n.toLocaleString("en-US");

/** The delivery columns (./list-metrics.ts): sortable, computed for the page's audiences. */
const DELIVERY_COLUMNS: Array<[id: string, header: string, type: MetricType, hover: string]> = [
  ["impressions", "Impressions", "number", "Impressions of the strategies targeting the audience."],
  ["clicks", "Clicks", "number", "Clicks of the strategies targeting the audience."],
  ["ctr", "CTR", "percentage", "Clicks / impressions x 100."],
  ["attributedInstalls", "Attributed Installs", "number", "Installs credited to the strategies targeting the audience."],
  ["nonAttributedInstalls", "Non-attributed Installs", "number", "Members' installs in their events beyond those credited to the strategies."],
  ["attributedConversions", "Attributed Conversions", "number", "Conversions credited to the strategies targeting the audience."],
  ["nonAttributedConversions", "Non-attributed Conversions", "number", "Members' conversions in their events beyond those credited to the strategies."],
  ["installsPer1000User", "Installs per 1000 Users", "decimal", "All installs / total users x 1000."],
  ["conversionsPer1000User", "Conversions per 1000 Users", "decimal", "All conversions / total users x 1000."],
];

const deliveryColumn = ([id, header, type, hover]: (typeof DELIVERY_COLUMNS)[number]): ColumnSpec<Rec> => ({
  column: { id, header, hover, kind: "number", sortable: true, sortDescFirst: true },
  isMetric: true,
  display: (_r, m) => formatMetricValue(m?.[id], type),
  exportValue: (_r, m) => metricExport(m?.[id], type),
});

const BASE: ColumnSpec<Rec>[] = [
  statusColumn(),
  nameColumn({ testId: "audience-name" }),
  idColumn(),
  plainColumn<Rec>({ id: "audience_type", header: "Audience Type", orderBy: "source", testId: "audience-type", text: (r) => SOURCE_LABELS[r.source] }),
  plainColumn<Rec>({ id: "status", header: "Look-alike Status", orderBy: "lookAlikeStatus", text: (r) => r.lookAlikeStatus ?? "-" }),
  plainColumn<Rec>({ id: "dmpSegment", header: "DMP Segment", testId: "audience-segment", text: (r) => r.segment ?? "-" }),
  plainColumn<Rec>({ id: "advertiserName", header: "Advertiser", text: (r) => r.advertiserName }),
  plainColumn<Rec>({ id: "advertiserId", header: "Advertiser ID", kind: "number", orderBy: "advertiserId", text: (r) => String(r.advertiserId), exportValue: (r) => r.advertiserId }),
  plainColumn<Rec>({ id: "totalUU", header: "Total UU", kind: "number", orderBy: "totalUU", sortDescFirst: true, text: (r) => count(r.totalUU), exportValue: (r) => r.totalUU }),
  plainColumn<Rec>({ id: "dailyUU", header: "Daily UU", kind: "number", orderBy: "dailyUU", sortDescFirst: true, text: (r) => count(r.dailyUU), exportValue: (r) => r.dailyUU }),
  ...DELIVERY_COLUMNS.map(deliveryColumn),
  plainColumn<Rec>({ id: "creationTime", header: "Creation Time", orderBy: "createdAt", text: (r, env) => formatDate(r.createdAt, env.timeZone) }),
  plainColumn<Rec>({ id: "modifiedTime", header: "Modified Time", orderBy: "updatedAt", text: (r, env) => formatDate(r.updatedAt, env.timeZone) }),
];

/** The adapter of one source (null: every source). */
export function audienceListAdapter(source: AudienceSourceValue | null): ListAdapter<Rec> {
  const where = (f: ListFilters): Prisma.AudienceWhereInput => ({
    ...listWhere(f),
    ...(f.advertiserId ? { advertiserId: f.advertiserId } : {}),
    ...(source ? { source } : {}),
  });
  return {
    defaultOrder: { field: "name", desc: false },
    // The column set is fixed (shell.md 3): no preset metric applies to audiences.
    columns: (role) => buildColumns({ role, base: BASE, setup: {}, fixedSetup: [], presetColumns: [] }),
    ...modelRows<Rec, Row>({ model: (db) => db.audience, where, select: SELECT, toRecord }),
    filterOptions: async (ctx) => ({ advertisers: await advertiserOptions(ctx), campaigns: null }),
    metrics: (ctx, q) => audienceMetrics(ctx, q),
  };
}

/** The registry's adapter (every source); adapterFor reads the URL's `type`. */
export const audienceListAdapterAll = audienceListAdapter(null);
export const audienceListAdapterFor = (params: SearchParamsInput) => audienceListAdapter(sourceOfTypeParam(typeParamOf(params)));

export function typeParamOf(params: SearchParamsInput): string | null {
  const v = params instanceof URLSearchParams ? params.get("type") : params.type;
  const s = Array.isArray(v) ? v[0] : v;
  return s && sourceOfTypeParam(s) ? s : null;
}
