// A date range's sums from the running totals (DeliveryStrategyRunning): for
// each strategy, its totals at the boundary instant ending the range minus
// its totals at the one starting it. Two rows per strategy whatever the
// range's length or timezone, which is what keeps a year's list as fast as a
// day's (issue #14).
//
// Rows exist at the boundaries that follow hours with delivery. The instants
// of a current range mostly have one for every delivering strategy, read in
// one hash join; a strategy without a row at the instant (it stopped
// delivering earlier, or has not started) takes its latest row before it,
// one index probe each, evaluated only for those strategies.
import "server-only";
import { LICENSEE_PARAM } from "../data/tenant-db";
import { Prisma } from "../generated/prisma/client";

export interface RunningWindow {
  /** null: from the first delivery (totals there are 0). */
  start: Date | null;
  end: Date;
  startHour: number;
  endHour: number;
}

const quoted = (c: string) => Prisma.raw(`"${c}"`);

/** The totals of column `c` at an instant: the row at it, else the latest before it, else 0. */
function totalsAt(alias: "e" | "b", c: string, hour: number, instant: Date): Prisma.Sql {
  return Prisma.sql`coalesce(${Prisma.raw(alias)}.${quoted(c)}, (
      SELECT p.${quoted(c)} FROM "DeliveryStrategyRunning" p
      WHERE p."boundaryHour" = ${hour}::smallint AND p."strategyId" = s.id AND p."upto" < ${instant}
      ORDER BY p."upto" DESC LIMIT 1), 0)`;
}

/**
 * Rows (advertiserId, campaignId, strategyId, ...columns) of the window's
 * sums, one per strategy of the licensee that `strategies` admits (a
 * condition on the Strategy row `s`). The caller's grouping is the same as
 * over the daily source.
 */
export function runningSource(w: RunningWindow, columns: readonly string[], strategies: Prisma.Sql): Prisma.Sql {
  const start = w.start;
  const values = columns.map((c) =>
    start ? Prisma.sql`${totalsAt("e", c, w.endHour, w.end)} - ${totalsAt("b", c, w.startHour, start)} AS ${quoted(c)}` : Prisma.sql`${totalsAt("e", c, w.endHour, w.end)} AS ${quoted(c)}`,
  );
  const startJoin = start
    ? Prisma.sql`LEFT JOIN "DeliveryStrategyRunning" b ON b."boundaryHour" = ${w.startHour}::smallint AND b."upto" = ${start}
      AND b."licenseeId" = ${LICENSEE_PARAM} AND b."strategyId" = s.id`
    : Prisma.empty;
  return Prisma.sql`(
    SELECT s."advertiserId", s."campaignId", s.id AS "strategyId"${values.length ? Prisma.sql`, ${Prisma.join(values)}` : Prisma.empty}
    FROM "Strategy" s
    LEFT JOIN "DeliveryStrategyRunning" e ON e."boundaryHour" = ${w.endHour}::smallint AND e."upto" = ${w.end}
      AND e."licenseeId" = ${LICENSEE_PARAM} AND e."strategyId" = s.id
    ${startJoin}
    WHERE s."licenseeId" = ${LICENSEE_PARAM} AND ${strategies})`;
}
