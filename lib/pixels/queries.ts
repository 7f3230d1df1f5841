// Reads of conversion trackers (business.md 7: pixel get by id, tracking code),
// through the data gate: another licensee's pixel or advertiser is "not
// found", and so is a pixel asked for under another advertiser or an archived
// one. Results are plain objects for client components.
//
// Performance (business.md 3: impressions, clicks, conversions, times fired in
// the last 6 months) is defined here:
// - times fired: PixelFire rows of the pixel fired in the last 6 months;
// - impressions, clicks, conversions: delivery of the last 6 months of the
//   strategies that track the pixel, i.e. strategies listing it (StrategyPixel)
//   and strategies of campaigns whose conversion pixel it is, each strategy
//   counted once, archived ones included (their delivery happened). The
//   delivery facts do not say which pixel a conversion came from, so
//   conversions follow the pixel's type: view-through conversions for a VIEW
//   pixel, click-through for a CLICK pixel, both for a HYBRID one. A strategy
//   tracking two pixels counts for both.
import { subMonths } from "date-fns";
import "server-only";
import type { SessionContext } from "../auth/context";
import type { Pixel } from "../generated/prisma/client";
import type { BaseColumn, BaseSums } from "../metrics/formulas";
import { windowTotals } from "../metrics/query";
import { orNotFound, parseId } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import { pixelTypeName, userFcapText, windowsOf, windowText } from "./schema";

export const PERFORMANCE_MONTHS = 6;
const DAY_MS = 86_400_000;

/** Start of the "last 6 months" of performance and times fired. */
export function performanceSince(now: Date = new Date()): Date {
  return subMonths(now, PERFORMANCE_MONTHS);
}

export function toPixelView(row: Pixel) {
  // A window the type does not have is "Not applicable", whatever an old row stores.
  const windows = windowsOf(row.type);
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    name: row.name,
    type: row.type,
    typeName: pixelTypeName(row.type),
    viewValidityWindow: row.viewValidityWindow,
    clickValidityWindow: row.clickValidityWindow,
    viewWindowText: windows.view ? windowText(row.viewValidityWindow) : windowText(-1),
    clickWindowText: windows.click ? windowText(row.clickValidityWindow) : windowText(-1),
    userFcap: row.userFcap,
    fcapDuration: row.fcapDuration,
    userFcapText: userFcapText(row.userFcap, row.fcapDuration),
    active: row.active,
    /** Names the pixel in its tracking code (lib/pixels/tracking.ts); public by design. */
    publicKey: row.publicKey,
    createdAt: row.createdAt.toISOString(),
    /** Sent back with an edit for the optimistic-concurrency check. */
    version: row.version,
  };
}
export type PixelView = ReturnType<typeof toPixelView>;

/** One pixel of the advertiser (both ids from the route, untrusted), not archived. */
export async function getPixelOrThrow(ctx: SessionContext, advertiserId: number | string, pixelId: number | string): Promise<PixelView> {
  const advId = parseId(String(advertiserId));
  const row = await tenantDb(ctx).pixel.findUnique({ where: { id: parseId(String(pixelId)), advertiserId: advId, isArchived: false } });
  return toPixelView(orNotFound(row, "Pixel"));
}

export interface PixelPerformance {
  impressions: number;
  clicks: number;
  conversions: number;
  timesFired: number;
  /** ISO start of the window (the end is now). */
  since: string;
}

const CONVERSION_COLUMN = { VIEW_CONV: "viewConversions", CLICK_CONV: "clickConversions", HYBRID_CONV: "conversions" } as const;

/** The pixel and its performance of the last 6 months (see the top of this file). */
export async function getPixelDetails(
  ctx: SessionContext,
  advertiserId: number | string,
  pixelId: number | string,
  now: Date = new Date(),
): Promise<{ pixel: PixelView; performance: PixelPerformance }> {
  const pixel = await getPixelOrThrow(ctx, advertiserId, pixelId);
  const since = performanceSince(now);
  const [strategies, timesFired] = await Promise.all([
    tenantDb(ctx).strategy.findMany({
      where: { OR: [{ pixels: { some: { pixelId: pixel.id } } }, { campaign: { pixelId: pixel.id } }] },
      select: { id: true },
    }),
    tenantDb(ctx).pixelFire.count({ where: { pixelId: pixel.id, firedAt: { gte: since } } }),
  ]);
  const column = CONVERSION_COLUMN[pixel.type];
  // Hours from `since` on (the end of tomorrow bounds the window: nothing is delivered later),
  // as whole days of the daily rollup and the edge hours: never six months of hours.
  const end = new Date((Math.floor(now.getTime() / DAY_MS) + 2) * DAY_MS);
  const sums = await windowTotals(ctx, { strategyIds: strategies.map((s) => s.id), start: since, end, columns: ["impressions", "clicks", column] });
  const n = (v: BaseSums[BaseColumn]) => Number(v ?? 0);
  return {
    pixel,
    performance: {
      impressions: n(sums.impressions),
      clicks: n(sums.clicks),
      conversions: n(sums[column]),
      timesFired,
      since: since.toISOString(),
    },
  };
}
