// A date range's sums from the running totals (DeliveryStrategyRunning): for
// each strategy, its totals at the boundary instant ending the range minus
// its totals at the one starting it. Two rows per strategy whatever the
// range's length or timezone, which is what keeps a year's list as fast as a
// day's.
//
// Rows exist at the boundaries of delivered days. The instants of a current
// range mostly have one for every delivering strategy, read in one hash
// join; a strategy without a row at the instant (it stopped delivering
// earlier) takes its latest row before it: one index probe each, only for
// those strategies; one that had not started reads 0 from its first row's
// instant (DeliveryRunningFirst, a narrow table joined like the rows).
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

/**
 * The strategy's totals at an instant, as the joins `x` (the row at it) and
 * `xp` (the latest row before it, looked up only where `x` is missing: one
 * index probe per such strategy, whatever the number of columns).
 */
function totalsJoins(x: "e" | "b", hour: number, instant: Date, columns: readonly string[]): Prisma.Sql {
  const [row, first, prior] = [Prisma.raw(x), Prisma.raw(`${x}f`), Prisma.raw(`${x}p`)];
  const cols = Prisma.raw(columns.length ? columns.map((c) => `p."${c}"`).join(", ") : "1 AS one");
  // The probe runs only for a strategy with no row at the instant whose first row is before it.
  return Prisma.sql`LEFT JOIN "DeliveryStrategyRunning" ${row} ON ${row}."boundaryHour" = ${hour}::smallint AND ${row}."upto" = ${instant}
      AND ${row}."licenseeId" = ${LICENSEE_PARAM} AND ${row}."strategyId" = s.id
    LEFT JOIN "DeliveryRunningFirst" ${first} ON ${first}."boundaryHour" = ${hour}::smallint AND ${first}."strategyId" = s.id
      AND ${first}."licenseeId" = ${LICENSEE_PARAM}
    LEFT JOIN LATERAL (
      SELECT ${cols} FROM "DeliveryStrategyRunning" p
      WHERE ${row}."strategyId" IS NULL AND ${first}."firstUpto" < ${instant}
        AND p."boundaryHour" = ${hour}::smallint AND p."strategyId" = s.id AND p."upto" < ${instant}
      ORDER BY p."upto" DESC LIMIT 1) ${prior} ON true`;
}

const totalOf = (x: "e" | "b", c: string) => Prisma.raw(`coalesce(${x}."${c}", ${x}p."${c}", 0)`);

/**
 * Rows (advertiserId, campaignId, strategyId, ...columns) of the window's
 * sums, one per strategy of the licensee that `strategies` admits (a
 * condition on the Strategy row `s`). The caller's grouping is the same as
 * over the daily source.
 */
export function runningSource(w: RunningWindow, columns: readonly string[], strategies: Prisma.Sql): Prisma.Sql {
  const start = w.start;
  const values = columns.map((c) => (start ? Prisma.sql`${totalOf("e", c)} - ${totalOf("b", c)} AS ${quoted(c)}` : Prisma.sql`${totalOf("e", c)} AS ${quoted(c)}`));
  return Prisma.sql`(
    SELECT s."advertiserId", s."campaignId", s.id AS "strategyId"${values.length ? Prisma.sql`, ${Prisma.join(values)}` : Prisma.empty}
    FROM "Strategy" s
    ${totalsJoins("e", w.endHour, w.end, columns)}
    ${start ? totalsJoins("b", w.startHour, start, columns) : Prisma.empty}
    WHERE s."licenseeId" = ${LICENSEE_PARAM} AND ${strategies})`;
}
