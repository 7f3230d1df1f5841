// A list's filters as one SELECT of the matching ids, for the statements that
// sort a list by a metric or sum its totals in the database: the filter
// travels into that statement as a subquery, so no list loads its ids into
// Node. The same rules as listWhere (./where.ts) and each adapter's where:
// the licensee, archived rows never listed, status, name or id search, the
// parent filters. tests/integration/list-ids-sql.test.ts holds the two to
// the same rows.
import "server-only";
import { LICENSEE_PARAM } from "../data/tenant-db";
import { isId } from "../data/gate";
import { Prisma } from "../generated/prisma/client";
import { likeEscaped, type ListFilters } from "./where";

export type ListTable = "Advertiser" | "Campaign" | "Strategy" | "Creative" | "CreativeSet";


export function listIdsSql(table: ListTable, f: ListFilters, opts: { parents?: Array<"advertiserId" | "campaignId">; extra?: Prisma.Sql } = {}): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`t."licenseeId" = ${LICENSEE_PARAM}`, Prisma.sql`NOT t."isArchived"`];
  if (f.status !== "all") conditions.push(Prisma.sql`t."active" = ${f.status === "active"}`);
  if (f.q) {
    const asId = Number(f.q);
    const byId = /^\d+$/.test(f.q) && isId(asId) ? Prisma.sql` OR t.id = ${asId}` : Prisma.empty;
    conditions.push(Prisma.sql`(t."name" ILIKE ${`%${likeEscaped(f.q)}%`}${byId})`);
  }
  for (const parent of opts.parents ?? []) {
    const id = f[parent];
    if (id) conditions.push(Prisma.sql`t.${Prisma.raw(`"${parent}"`)} = ${id}`);
  }
  if (opts.extra) conditions.push(opts.extra);
  return Prisma.sql`SELECT t.id FROM ${Prisma.raw(`"${table}"`)} t WHERE ${Prisma.join(conditions, " AND ")}`;
}
