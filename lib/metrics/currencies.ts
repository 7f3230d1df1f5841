// The currencies of a set of entities (a list's filtered rows), so a totals
// row adds amounts only when they are of one currency.
import "server-only";
import { LICENSEE_PARAM } from "../data/tenant-db";
import { cachedTenantQuery } from "../data/read-cache";
import { Prisma } from "../generated/prisma/client";
import type { SessionContext } from "../auth/context";

const CURRENCY_SQL = {
  advertiser: (ids: Prisma.Sql) => Prisma.sql`SELECT DISTINCT a."currencyCode" AS c FROM "Advertiser" a WHERE a."licenseeId" = ${LICENSEE_PARAM} AND a.id IN (${ids})`,
  campaign: (ids: Prisma.Sql) => Prisma.sql`SELECT DISTINCT c."currencyCode" AS c FROM "Campaign" c WHERE c."licenseeId" = ${LICENSEE_PARAM} AND c.id IN (${ids})`,
  strategy: (ids: Prisma.Sql) => Prisma.sql`SELECT DISTINCT c."currencyCode" AS c FROM "Strategy" s JOIN "Campaign" c ON c.id = s."campaignId"
    WHERE s."licenseeId" = ${LICENSEE_PARAM} AND s.id IN (${ids})`,
} as const;

/** The distinct currencies (at most two are read: one, or "several"). */
export async function currenciesOf(ctx: SessionContext, level: keyof typeof CURRENCY_SQL, idsSql: Prisma.Sql): Promise<string[]> {
  const rows = await cachedTenantQuery<{ c: string }>(ctx, Prisma.sql`${CURRENCY_SQL[level](idsSql)} LIMIT 2`);
  return rows.map((r) => r.c);
}
