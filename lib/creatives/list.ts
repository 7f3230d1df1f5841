// The creative lists (shell.md 3 creative columns: status, name, id, media
// icon, type with the DCO marker, size, creation time, the preset's metrics,
// money in the advertiser's currency) on the shared list engine: all
// creatives at /creative (filters: advertiser, status, type, review status per
// exchange, search) and the creatives of one set (its details page). The
// lists' extra filters (type, review, set) are not part of the engine's URL
// state: the adapter is built per request with them (creativeListAdapter).
import "server-only";
import type { SessionContext } from "../auth/context";
import { Prisma } from "../generated/prisma/client";
import { CreativeReviewStatus, CreativeType } from "../generated/prisma/enums";
import { tenantDb } from "../data/tenant-db";
import { isId } from "../data/gate";
import { buildColumns, idColumn, nameColumn, plainColumn, statusColumn, type ColumnSpec } from "../list/columns";
import { creativeDeliveryMetrics, listViewOf, type ListAdapter } from "../list/engine";
import { listIdsSql } from "../list/where-sql";
import { modelRows } from "../list/rows";
import { listWhere, orderByField, type ListFilters } from "../list/where";
import type { SearchParamsInput } from "../list/url-state";
import type { ListView, WriteControls } from "../list/types";
import { advertiserOptions } from "../advertisers/list";
import { fillRoute } from "../contracts/entity-routes";
import { reviewSummaries } from "./reviews";
import { creativeTypeText } from "./type-labels";
import { mediaIconOf } from "./media-kind";
import { htmlPreviewUrl } from "./preview";
import { CREATIVE_MESSAGES, lacksClickDestination, lacksIdentifiers } from "./schema";

const SELECT = {
  id: true,
  name: true,
  active: true,
  advertiserId: true,
  type: true,
  isDco: true,
  width: true,
  height: true,
  createdAt: true,
  fileUrl: true,
  mimeType: true,
  adTag: true,
  kktuCode: true,
  person: true,
  erId: true,
  clickDestinationId: true,
  advertiser: { select: { currencyCode: true } },
} satisfies Prisma.CreativeSelect;
type Row = Prisma.CreativeGetPayload<{ select: typeof SELECT }>;
export type CreativeListRecord = Omit<Row, "advertiser"> & { currencyCode: string; reviewSummary?: string };
type Rec = CreativeListRecord;

const toRecord = ({ advertiser, ...r }: Row): Rec => ({ ...r, currencyCode: advertiser.currencyCode });



/**
 * The type, and what the creative lacks that its edit form will ask for: the
 * identifiers its type needs (a video converted before they were asked for),
 * a click destination (stored before one was required).
 */
function typeText(r: Rec): string {
  const missing = [
    ...(lacksIdentifiers(r.type, r) ? [CREATIVE_MESSAGES.identifiersMissingShort] : []),
    ...(lacksClickDestination(r) ? [CREATIVE_MESSAGES.clickDestinationMissingShort] : []),
  ];
  return [creativeTypeText(r.type, r.isDco), ...missing].join(" · ");
}

const dateText = (d: Date, timeZone: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(d);

const BASE: ColumnSpec<Rec>[] = [
  statusColumn(),
  nameColumn({ testId: "creative-name" }),
  idColumn(),
  plainColumn<Rec>({ id: "media", header: "Media", text: (r) => mediaIconOf(r) }),
  plainColumn<Rec>({ id: "preview", header: "Preview", text: (r) => r.fileUrl ?? (r.adTag ? "Ad tag" : "-"), exportValue: (r) => r.fileUrl ?? "" }),
  plainColumn<Rec>({ id: "type", header: "Type", orderBy: "type", testId: "creative-type", text: typeText }),
  plainColumn<Rec>({ id: "size", header: "Size", orderBy: "width", testId: "creative-size", text: (r) => `${r.width}x${r.height}` }),
  plainColumn<Rec>({ id: "createdAt", header: "Creation Time", orderBy: "createdAt", sortDescFirst: true, text: (r, env) => dateText(r.createdAt, env.timeZone) }),
  plainColumn<Rec>({ id: "reviews", header: "Review Status", testId: "creative-reviews", text: (r) => r.reviewSummary ?? "-" }),
];

/** The creative lists' own filters, beside the engine's (search, status, advertiser). */
export interface CreativeListExtra {
  type: CreativeType | null;
  reviewStatus: CreativeReviewStatus | null;
  /** The exchange the review filter looks at; null: any exchange. */
  exchangeId: number | null;
  /** The creatives of one set (its details page): fixed, not from the URL. */
  creativeSetId: number | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The extra filters of the URL (unknown values are ignored, as the engine
 * ignores them). A set's page fixes its set; otherwise `set` in the URL (the
 * export of a set's list) names it.
 */
export function creativeListExtra(params: SearchParamsInput, creativeSetId: number | null = null): CreativeListExtra {
  const get = (key: string) => (params instanceof URLSearchParams ? (params.get(key) ?? undefined) : one((params as Record<string, string | string[] | undefined>)[key]));
  const type = get("type");
  const review = get("review");
  const exchange = Number(get("exchange"));
  const set = Number(get("set"));
  return {
    type: type && (Object.values(CreativeType) as string[]).includes(type) ? (type as CreativeType) : null,
    reviewStatus: review && (Object.values(CreativeReviewStatus) as string[]).includes(review) ? (review as CreativeReviewStatus) : null,
    exchangeId: isId(exchange) ? exchange : null,
    creativeSetId: creativeSetId ?? (isId(set) ? set : null),
  };
}

/** The review filter as a Prisma where ("no row" is pending: lib/creatives/reviews.ts). */
function reviewWhere(x: CreativeListExtra): Prisma.CreativeWhereInput {
  if (!x.reviewStatus) return {};
  const exchange = x.exchangeId ? { aggregatorId: x.exchangeId } : {};
  if (x.reviewStatus !== "PENDING") return { reviews: { some: { status: x.reviewStatus, ...exchange } } };
  // Pending on the exchange: no decided review there. On any exchange: fewer decided reviews than exchanges (SQL below).
  if (x.exchangeId) return { reviews: { none: { aggregatorId: x.exchangeId, status: { in: ["APPROVED", "REJECTED"] } } } };
  return {};
}

function reviewSql(x: CreativeListExtra): Prisma.Sql | null {
  if (!x.reviewStatus) return null;
  if (x.reviewStatus !== "PENDING") {
    const exchange = x.exchangeId ? Prisma.sql` AND r."aggregatorId" = ${x.exchangeId}` : Prisma.empty;
    return Prisma.sql`EXISTS (SELECT 1 FROM "CreativeReview" r WHERE r."creativeId" = t.id AND r."status" = ${x.reviewStatus}::"CreativeReviewStatus"${exchange})`;
  }
  if (x.exchangeId) {
    return Prisma.sql`NOT EXISTS (SELECT 1 FROM "CreativeReview" r WHERE r."creativeId" = t.id AND r."aggregatorId" = ${x.exchangeId} AND r."status" <> 'PENDING')`;
  }
  return Prisma.sql`(SELECT count(*) FROM "CreativeReview" r WHERE r."creativeId" = t.id AND r."status" <> 'PENDING') < (SELECT count(*) FROM "Aggregator")`;
}

function where(x: CreativeListExtra) {
  return (f: ListFilters): Prisma.CreativeWhereInput => ({
    ...listWhere(f),
    ...(f.advertiserId ? { advertiserId: f.advertiserId } : {}),
    ...(x.type ? { type: x.type } : {}),
    ...(x.creativeSetId ? { sets: { some: { creativeSetId: x.creativeSetId } } } : {}),
    ...reviewWhere(x),
  });
}

function idsSql(x: CreativeListExtra) {
  return (f: ListFilters): Prisma.Sql => {
    const extra: Prisma.Sql[] = [];
    if (x.type) extra.push(Prisma.sql`t."type" = ${x.type}::"CreativeType"`);
    if (x.creativeSetId) extra.push(Prisma.sql`EXISTS (SELECT 1 FROM "CreativeSetCreative" s WHERE s."creativeId" = t.id AND s."creativeSetId" = ${x.creativeSetId})`);
    const review = reviewSql(x);
    if (review) extra.push(review);
    return listIdsSql("Creative", f, { parents: ["advertiserId"], ...(extra.length ? { extra: Prisma.join(extra, " AND ") } : {}) });
  };
}

/** The adapter of one request's creative list (its extra filters fixed). */
export function creativeListAdapter(extra: CreativeListExtra): ListAdapter<Rec> {
  const rows = modelRows<Rec, Row>({ model: (db) => db.creative, where: where(extra), select: SELECT, toRecord });
  // Pending on any exchange is a count against the dictionary: filtered in SQL, then read by id.
  const pendingAny = extra.reviewStatus === "PENDING" && !extra.exchangeId;
  const sqlIds = async (ctx: SessionContext, f: ListFilters) =>
    (await tenantDb(ctx).$queryRaw<{ id: number }[]>`${idsSql(extra)(f)}`).map((r) => r.id);
  return {
    defaultOrder: { field: "createdAt", desc: true },
    columns: (role, presetColumns) => buildColumns({ role, base: BASE, setup: {}, fixedSetup: [], presetColumns }),
    ...rows,
    ...(pendingAny
      ? {
          count: async (ctx, f) => (await sqlIds(ctx, f)).length,
          ids: sqlIds,
          page: async (ctx, f, order, skip, take) => {
            const ids = await sqlIds(ctx, f);
            const found = await tenantDb(ctx).creative.findMany({ where: { id: { in: ids }, isArchived: false }, select: SELECT, orderBy: orderByField(order.field, order.desc), skip, take });
            return found.map(toRecord);
          },
        }
      : {}),
    enrich: async (ctx, records) => {
      const summaries = await reviewSummaries(ctx, records.map((r) => r.id));
      return records.map((r) => ({ ...r, reviewSummary: summaries.get(r.id) }));
    },
    filterOptions: async (ctx) => ({ advertisers: extra.creativeSetId ? null : await advertiserOptions(ctx), campaigns: null }),
    rowData: (r) => ({ advertiserId: r.advertiserId, type: r.type, isDco: r.isDco, fileUrl: r.fileUrl, mimeType: r.mimeType, width: r.width, height: r.height, media: mediaIconOf(r), previewUrl: htmlPreviewUrl(r) }),
    ...creativeDeliveryMetrics("creative", idsSql(extra)),
  };
}

/** The registry's adapter (CSV export, entity lists): no extra filter. */
export const creativeListAdapterAll = creativeListAdapter({ type: null, reviewStatus: null, exchangeId: null, creativeSetId: null });

/** The list view of creatives for a page: /creative (with its URL's filters) or one set's. */
export async function loadCreativeListView(
  ctx: SessionContext,
  params: SearchParamsInput,
  opts: { creativeSetId?: number; writeControls?: WriteControls } = {},
): Promise<ListView> {
  const extra = creativeListExtra(params, opts.creativeSetId ?? null);
  const view = await listViewOf(ctx, creativeListAdapter(extra), params, {
    entity: "creative",
    names: { singular: "creative", plural: "creatives" },
    emptyText: "No Creative found.",
    testId: "creative",
    selectable: true,
    href: (r) => fillRoute("/creative/details/{id}", { id: r.id }),
    ...(opts.writeControls ? { writeControls: opts.writeControls } : {}),
  });
  return { ...view, exportParams: creativeExportParams(extra) };
}

/** The extra filters as the export link carries them (read back by creativeListExtra through the declaration's adapterFor). */
function creativeExportParams(x: CreativeListExtra): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ type: x.type, review: x.reviewStatus, exchange: x.exchangeId, set: x.creativeSetId }).flatMap(([k, v]) => (v === null ? [] : [[k, String(v)]])),
  );
}
