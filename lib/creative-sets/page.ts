// Data of the creative set pages (/creative_set/create, /creative_set/create/{id},
// /creative_set/details/{id}): the session, the set of the route and what its
// form and details show beside the stored fields (names of the advertiser,
// click destination and timezones, the connected strategies, the set's
// delivery over the user's date range). A missing, malformed or other
// licensee's id renders the 404 page.
import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import type { SessionContext } from "../auth/context";
import { canWrite, shellVisibility } from "../auth/roles";
import { NotFoundError } from "../errors";
import { tenantDb } from "../data/tenant-db";
import { creativeMetricsByEntity } from "../metrics/creative-metrics";
import { columns, TILE_METRICS, type MetricColumn } from "../metrics/home";
import type { DateRange } from "../metrics/query";
import { requireConsoleSession } from "../auth/request";
import { getUserTimeSettings } from "../user-settings/queries";
import { getCreativeSetOrThrow, type CreativeSetDetails } from "./queries";

export interface NamedRecord {
  id: number;
  name: string;
  active: boolean;
}

export interface CreativeSetPage {
  ctx: SessionContext;
  set: CreativeSetDetails;
  advertiser: NamedRecord & { currencyCode: string };
  clickDestination: NamedRecord | null;
  /** The user may change the set: read-write role and the set not archived. */
  canWrite: boolean;
}

/** The session and the creative set of the route, memoised per request. */
export const creativeSetForPage = cache(async (id: string): Promise<CreativeSetPage> => {
  const ctx = await requireConsoleSession();
  let set: CreativeSetDetails;
  try {
    set = await getCreativeSetOrThrow(ctx, id);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
  const db = tenantDb(ctx);
  const [advertiser, clickDestination] = await Promise.all([
    db.advertiser.findUnique({ where: { id: set.advertiserId }, select: { id: true, name: true, active: true, currencyCode: true } }),
    set.clickDestinationId === null
      ? null
      : db.clickDestination.findUnique({ where: { id: set.clickDestinationId }, select: { id: true, name: true, active: true } }),
  ]);
  if (!advertiser) notFound();
  return { ctx, set, advertiser, clickDestination, canWrite: canWrite(ctx.role) && !set.isArchived };
});

/** The strategies the set is connected to (business.md 3 "connected strategies"), archived ones left out. */
export function connectedStrategies(ctx: SessionContext, creativeSetId: number): Promise<NamedRecord[]> {
  return tenantDb(ctx).strategy.findMany({
    where: { isArchived: false, creativeSets: { some: { creativeSetId } } },
    select: { id: true, name: true, active: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

/** The set's headline delivery over the range (its creatives' facts); null for roles without analytics (demo). */
export async function creativeSetTiles(ctx: SessionContext, id: number, range: DateRange): Promise<Array<MetricColumn & { value: number | null }> | null> {
  if (!shellVisibility(ctx.role).analyticsTabs) return null;
  const values = (await creativeMetricsByEntity(ctx, { level: "creative_set", ids: [id], range, metricIds: TILE_METRICS })).get(id) ?? {};
  return columns(ctx, TILE_METRICS).map((c) => ({ ...c, value: values[c.id] ?? null }));
}

/** The user's timezone id: a new set's scheduled timezone, and the one of a set saved without. */
export async function userTimezoneId(ctx: SessionContext): Promise<number> {
  return (await getUserTimeSettings(ctx)).timezoneId;
}

/** /creative_set/create?advertiserId=N starts the form under that advertiser; anything else starts blank. */
export async function presetAdvertiser(ctx: SessionContext, param: string | string[] | undefined): Promise<NamedRecord | null> {
  if (typeof param !== "string" || !/^\d{1,10}$/.test(param)) return null;
  const row = await tenantDb(ctx).advertiser.findUnique({ where: { id: Number(param) }, select: { id: true, name: true, active: true, isArchived: true } });
  return row && !row.isArchived ? { id: row.id, name: row.name, active: row.active } : null;
}
