// Reads of DeliveryScopeRollup: delivery summed per licensee, advertiser or
// campaign per UTC hour (grain 1) or UTC day (grain 24), kept by triggers
// under DeliveryStrategyHourly (migration 20261129203000_delivery_scope_rollup).
// A writer that found its licensee's scope lock taken left its difference in
// DeliveryScopePending until the next writer folds it in: every read adds
// those rows to the rollup's, so each snapshot reads exact sums.
//
// Daily charts and reports by day, week or month of a scope read one row per
// scope and hour, whatever the number of strategies under it; in UTC one per
// scope and day. Hours count for the local day they start in, as the strategy
// rollups do (lib/metrics/query.ts).
import "server-only";
import { LICENSEE_PARAM } from "../data/tenant-db";
import { Prisma } from "../generated/prisma/client";

export type ScopeLevel = "licensee" | "advertiser" | "campaign";
export type ScopeGrain = 1 | 24;

const LEVEL_CODE: Record<ScopeLevel, number> = { licensee: 0, advertiser: 1, campaign: 2 };

/** Zones whose local days are UTC days: their day sums read the day rows. */
export const isUtcZone = (iana: string): boolean => iana === "UTC" || iana === "Etc/UTC";

export interface ScopeWindow {
  level: ScopeLevel;
  /** One advertiser or campaign, or every one of the level (the licensee level is the session's licensee). */
  id?: number;
  grain: ScopeGrain;
  /** The rows starting in [start, end): SQL instants (a local midnight computed in SQL, or a parameter). */
  start: Prisma.Sql;
  end: Prisma.Sql;
}

/**
 * Rows ("hour", "licenseeId", "advertiserId", "campaignId", ...columns) of
 * the session licensee's scope rollup in the window, as a subquery. One
 * scope reads its primary key's range; a whole level reads the
 * (licenseeId, scopeLevel, grain, hour) index.
 */
export function scopeSource(w: ScopeWindow, columns: readonly string[]): Prisma.Sql {
  const cols = Prisma.raw(["hour", "licenseeId", "advertiserId", "campaignId", ...columns].map((c) => `"${c}"`).join(", "));
  const level = LEVEL_CODE[w.level];
  // The licensee's own row is keyed by its id: its primary key's range too.
  const scopeId = w.level === "licensee" ? LICENSEE_PARAM : w.id;
  const one = scopeId === undefined ? Prisma.empty : Prisma.sql` AND "scopeId" = ${scopeId}`;
  const where = Prisma.sql`"licenseeId" = ${LICENSEE_PARAM} AND "scopeLevel" = ${level}::smallint${one}
    AND "grain" = ${w.grain}::smallint AND "hour" >= ${w.start} AND "hour" < ${w.end}`;
  return Prisma.sql`(
    SELECT ${cols} FROM "DeliveryScopeRollup" WHERE ${where}
    UNION ALL
    SELECT ${cols} FROM "DeliveryScopePending" WHERE ${where})`;
}

export interface SeriesQuery {
  level: ScopeLevel | "strategy";
  /** The advertiser, campaign or strategy (none for the licensee). */
  id?: number;
  /** The range's local midnights as SQL instants, and its days ('yyyy-MM-dd', inclusive). */
  start: Prisma.Sql;
  end: Prisma.Sql;
  from: string;
  to: string;
  /** The range's local days are UTC days: day rows are read. */
  utcDays: boolean;
}

/**
 * The rows of a chart's series ("hour" and `columns`), grouped by local day
 * by the caller: a scope's rollup, or one strategy's own rows of the
 * strategy rollups by primary key (daily in UTC, hourly elsewhere).
 */
export function seriesSource(q: SeriesQuery, columns: readonly string[]): Prisma.Sql {
  if (q.level !== "strategy") return scopeSource({ level: q.level, id: q.id, grain: q.utcDays ? 24 : 1, start: q.start, end: q.end }, columns);
  const cols = Prisma.raw(columns.map((c) => `"${c}"`).join(", "));
  if (q.utcDays) {
    return Prisma.sql`(SELECT ("day"::timestamp AT TIME ZONE 'UTC') AS "hour", ${cols} FROM "DeliveryStrategyDaily"
      WHERE "strategyId" = ${q.id}::int AND "licenseeId" = ${LICENSEE_PARAM} AND "day" >= ${q.from}::date AND "day" <= ${q.to}::date)`;
  }
  return Prisma.sql`(SELECT "hour", ${cols} FROM "DeliveryStrategyHourly"
    WHERE "strategyId" = ${q.id}::int AND "licenseeId" = ${LICENSEE_PARAM} AND "hour" >= ${q.start} AND "hour" < ${q.end})`;
}
