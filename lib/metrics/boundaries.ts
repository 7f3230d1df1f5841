// Which boundary hours have running delivery totals (DeliveryBoundary, the
// migration 20261126130000_delivery_running). A boundary hour is the UTC hour
// at which some reader's local day starts, rounded up to the hour (an hour
// bucket counts for the local day it starts in): 0 for UTC, 19 for
// Asia/Kolkata (midnight is 18:30 UTC), 8 and 7 for America/Los_Angeles
// (winter and summer). Only the hours in use are kept, a handful per
// deployment; each costs one running row per strategy and delivered day.
//
// A range whose two boundary hours are ready is read from the running totals;
// otherwise the reader registers the missing hours (built by the
// delivery-boundary-build job within minutes) and reads the daily rollup and
// edge hours meanwhile, which gives the same sums, only slower.
import "server-only";
import { cache } from "react";
import { db } from "../db";
import { activeTransaction } from "../data/tenant";
import type { Tx } from "../db";
import { log } from "../log";
import { localMidnight, todayIn } from "../user-settings/date-range";

const HOUR_MS = 3_600_000;

/** The client of the request's open transaction, if any (PGlite has one connection: never wait beside it). */
const client = (): Tx => (activeTransaction() as Tx | undefined) ?? (db as unknown as Tx);

/** The instant a local day starting at `midnight` begins for hour buckets: the next whole UTC hour. */
export function boundaryInstant(midnight: Date): Date {
  return new Date(Math.ceil(midnight.getTime() / HOUR_MS) * HOUR_MS);
}

export const boundaryHourOf = (instant: Date): number => instant.getUTCHours();

/**
 * The boundary hours among `hours` whose running totals can be read. The
 * others are registered, so the build job fills them.
 */
export async function readyBoundaryHours(hours: number[]): Promise<Set<number>> {
  return readyOfRequest([...new Set(hours)].sort((a, b) => a - b).join(","));
}

/** Once per server request and set of hours (a list page's sums ask several times); elsewhere each call reads. */
const readyOfRequest = cache(async (key: string): Promise<Set<number>> => {
  const wanted = key.split(",").map(Number);
  const rows = await client().deliveryBoundary.findMany({ where: { boundaryHour: { in: wanted } } });
  const missing = wanted.filter((h) => !rows.some((r) => r.boundaryHour === h));
  if (missing.length) {
    await client().deliveryBoundary.createMany({ data: missing.map((boundaryHour) => ({ boundaryHour })), skipDuplicates: true });
  }
  return new Set(rows.filter((r) => r.ready).map((r) => r.boundaryHour));
});

/** Every boundary hour a timezone's days start at over the year before and after `now` (two for zones with summer time). */
export function zoneBoundaryHours(iana: string, now: Date = new Date()): number[] {
  const hours = new Set<number>();
  const today = todayIn(iana, now);
  for (let d = -400; d <= 400; d++) hours.add(boundaryHourOf(boundaryInstant(localMidnight(today, iana, d))));
  return [...hours].sort((a, b) => a - b);
}

/** Registers a timezone's boundary hours (a user chose it), so lists in it are fast once the job has built them. */
export async function registerZoneBoundaries(iana: string): Promise<void> {
  await readyBoundaryHours(zoneBoundaryHours(iana));
}

/**
 * Fills one boundary hour from the whole hourly rollup and marks it ready
 * (delivery_running_build: writers of the rollup wait meanwhile).
 */
export async function buildBoundary(boundaryHour: number): Promise<void> {
  if (!Number.isInteger(boundaryHour) || boundaryHour < 0 || boundaryHour > 23) throw new RangeError("boundary hour must be 0..23");
  await db.$transaction((tx) => tx.$executeRaw`SELECT delivery_running_build(${boundaryHour}::smallint)`, { timeout: 30 * 60_000, maxWait: 60_000 });
}

/** The build job: every registered boundary hour not built yet, one transaction each. */
export async function buildPendingBoundaries(): Promise<number[]> {
  const pending = await db.deliveryBoundary.findMany({ where: { ready: false }, orderBy: { boundaryHour: "asc" } });
  for (const { boundaryHour } of pending) {
    const started = Date.now();
    await buildBoundary(boundaryHour);
    log.info("delivery: running totals built", { boundaryHour, ms: Date.now() - started });
  }
  return pending.map((p) => p.boundaryHour);
}
