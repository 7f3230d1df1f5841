// The CONVERSION TRACKER tab's list (shell.md 3 pixel list): one advertiser's
// pixels, archived ones never listed, paged and sorted on the server from the
// URL (page, size, sort). Rows carry display strings only.
import "server-only";
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import type { Prisma } from "../generated/prisma/client";
import { orNotFound, owned, parseId, scope } from "../data/gate-core";
import { getActivePreset } from "../preferences/active";
import { lastPage, pageOffset, pageSizeOptions, parseListUrlState, type ListUrlState, type SearchParamsInput } from "../list/url-state";
import { performanceSince } from "./queries";
import { pixelTypeName, userFcapText } from "./schema";

export const PIXEL_SORT_FIELDS = ["active", "name", "id", "userFcap", "fcapDuration", "type", "conversions"] as const;
export type PixelSortField = (typeof PIXEL_SORT_FIELDS)[number];

export interface PixelRowView {
  id: number;
  name: string;
  active: boolean;
  typeName: string;
  userFcap: string;
  fcapDuration: string;
  /** Times fired in the last 6 months. */
  conversions: number;
}

export interface PixelListView {
  rows: PixelRowView[];
  total: number;
  /** The state shown (a page past the end is moved to the last page). */
  state: ListUrlState;
  defaultSize: number;
  pageSizes: number[];
}

type Row = { id: number; name: string; active: boolean; type: string; userFcap: number; fcapDuration: number };
const SELECT = { id: true, name: true, active: true, type: true, userFcap: true, fcapDuration: true } as const;

/** Fires of the last 6 months per pixel id. */
async function fireCounts(ids: number[], since: Date): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const groups = await db.pixelFire.groupBy({
    by: ["pixelId"],
    where: { pixelId: { in: ids }, firedAt: { gte: since } },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.pixelId, g._count._all]));
}

function toRow(row: Row, fires: Map<number, number>): PixelRowView {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    typeName: pixelTypeName(row.type),
    userFcap: userFcapText(row.userFcap, row.fcapDuration),
    fcapDuration: row.fcapDuration > 0 ? String(row.fcapDuration) : "-",
    conversions: fires.get(row.id) ?? 0,
  };
}

export async function listPixels(
  ctx: SessionContext,
  advertiserId: number | string,
  params: SearchParamsInput,
  now: Date = new Date(),
): Promise<PixelListView> {
  const advId = parseId(String(advertiserId));
  orNotFound(await db.advertiser.findFirst({ where: owned(ctx, advId), select: { id: true } }), "Advertiser");
  const preset = await getActivePreset(ctx);
  const parsed = parseListUrlState(params, { sortable: PIXEL_SORT_FIELDS, defaultSize: preset.rowLimit });
  const where: Prisma.PixelWhereInput = { ...scope(ctx), advertiserId: advId };
  const total = await db.pixel.count({ where });
  const state: ListUrlState = {
    ...parsed,
    page: Math.min(parsed.page, lastPage(total, parsed.size)),
    // This list has no search, status or parent filters.
    q: "",
    status: "all",
    advertiserId: null,
    campaignId: null,
  };
  const since = performanceSince(now);
  const desc = state.sort?.desc ?? true; // default: newest first
  const dir = desc ? "desc" : "asc";
  const field = (state.sort?.field ?? "id") as PixelSortField;

  let rows: Row[];
  let fires: Map<number, number>;
  if (field === "conversions") {
    // Counted for every pixel of the advertiser, then sorted: an advertiser has tens of pixels, not millions.
    const all = await db.pixel.findMany({ where, select: { id: true } });
    fires = await fireCounts(all.map((p) => p.id), since);
    const count = (id: number) => fires.get(id) ?? 0;
    const sign = desc ? -1 : 1;
    const pageIds = all
      .map((p) => p.id)
      .sort((a, b) => sign * (count(a) - count(b) || a - b))
      .slice(pageOffset(state), pageOffset(state) + state.size);
    const found = await db.pixel.findMany({ where: { ...where, id: { in: pageIds } }, select: SELECT });
    const byId = new Map(found.map((r) => [r.id, r]));
    rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  } else {
    rows = await db.pixel.findMany({
      where,
      select: SELECT,
      orderBy: field === "id" ? [{ id: dir }] : [{ [field]: dir }, { id: dir }],
      skip: pageOffset(state),
      take: state.size,
    });
    fires = await fireCounts(rows.map((r) => r.id), since);
  }
  return {
    rows: rows.map((r) => toRow(r, fires)),
    total,
    state,
    defaultSize: preset.rowLimit,
    pageSizes: pageSizeOptions(preset.rowLimit),
  };
}
