// pacingRatio (./pacing.ts) as a SQL expression, so a list sorts by pacing in
// the database with LIMIT: the same cases in the same order, NUMERIC
// throughout (durations as epoch seconds: a ratio of durations has no unit).
// tests/integration/pacing-lists.test.ts holds the two to the same order.
import "server-only";
import { Prisma } from "../generated/prisma/client";

export interface PacingWindowSql {
  /** NUMERIC; NULL: no budget. */
  budget: Prisma.Sql;
  spent: Prisma.Sql;
  start: Prisma.Sql;
  /** NULL: never ending. */
  end: Prisma.Sql;
  /** boolean: ASAP (expected = the budget) rather than even. */
  asap: Prisma.Sql;
}

const seconds = (from: Prisma.Sql, to: Prisma.Sql) => Prisma.sql`extract(epoch FROM (${to} - ${from}))`;

export function pacingRatioSql(w: PacingWindowSql, now: Date): Prisma.Sql {
  const length = seconds(w.start, w.end);
  const expected = Prisma.sql`(CASE
      WHEN ${w.budget} IS NULL OR ${w.budget} <= 0 OR ${now}::timestamptz < ${w.start} THEN NULL
      WHEN ${w.asap} OR ${w.end} IS NULL THEN ${w.budget}::numeric
      WHEN ${length} <= 0 THEN NULL
      ELSE ${w.budget}::numeric * LEAST(${seconds(w.start, Prisma.sql`${now}::timestamptz`)}, ${length}) / ${length}
    END)`;
  return Prisma.sql`(${w.spent}::numeric / NULLIF(${expected}, 0))`;
}
