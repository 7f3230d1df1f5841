// A metric as a SQL expression over summed rollup columns (the formula of
// ./formulas.ts rendered as SQL), so a list can be sorted by any metric in
// the database with LIMIT instead of computing every row's value in Node.
// NUMERIC throughout: the order is the order of the exact values shown.
import "server-only";
import { Prisma } from "../generated/prisma/client";
import { formulaOf, isBaseColumn, sumColumnOf, type BaseColumn, type Expr } from "./formulas";

/** `sumOf(column)` gives the SQL of that column's sum (e.g. coalesce(m."clicks", 0)). */
export function exprSql(e: Expr, sumOf: (c: BaseColumn) => Prisma.Sql): Prisma.Sql {
  if ("col" in e) return sumOf(e.col);
  if ("add" in e) return Prisma.sql`(${Prisma.join(e.add.map((x) => exprSql(x, sumOf)), " + ")})`;
  if ("sub" in e) return Prisma.sql`(${exprSql(e.sub[0], sumOf)} - ${exprSql(e.sub[1], sumOf)})`;
  const [num, den] = e.ratio.map((x) => exprSql(x, sumOf));
  return Prisma.sql`(${num} / NULLIF(${den}, 0) * ${Prisma.raw(String(e.scale ?? 1))})`;
}

/** The metric's SQL, or null for an id that is neither a formula nor a rollup column. */
export function metricSql(metricId: string, sumOf: (c: BaseColumn) => Prisma.Sql): Prisma.Sql | null {
  const formula = formulaOf(metricId);
  if (formula) return exprSql(formula, sumOf);
  const column = sumColumnOf(metricId);
  return column && isBaseColumn(column) ? sumOf(column) : null;
}
