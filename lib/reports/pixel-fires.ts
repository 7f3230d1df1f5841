// The conversion report's pixel table: each of the licensee's pixels and how
// often it fired in the range (recent fires cut at the report's local days;
// older ones from the per-UTC-day rollup, PixelFireDaily). Fires are counted
// whether or not they were credited to an ad: delivery does not keep which
// pixel a credited conversion came from.
import "server-only";
import type { SessionContext } from "../auth/context";
import { LICENSEE_PARAM, tenantDb } from "../data/tenant-db";
import { Prisma } from "../generated/prisma/client";
import { rangeHoursSql, type DateRange } from "../metrics/query";

export interface PixelFireRow {
  id: number;
  name: string;
  type: string;
  fires: number;
}

export async function pixelFires(ctx: SessionContext, range: DateRange, limit = 100): Promise<PixelFireRow[]> {
  const hours = await rangeHoursSql(range, Prisma.sql`f."firedAt"`);
  const rows = await tenantDb(ctx).$queryRaw<Array<{ id: number; name: string; type: string; fires: bigint | number }>>`
    SELECT p.id, p.name, p.type::text AS type,
      (SELECT count(*) FROM "PixelFire" f WHERE f."pixelId" = p.id AND ${hours})
      + coalesce((SELECT sum(d.fires) FROM "PixelFireDaily" d WHERE d."pixelId" = p.id AND d.day >= ${range.from}::date AND d.day <= ${range.to}::date), 0) AS fires
    FROM "Pixel" p WHERE p."licenseeId" = ${LICENSEE_PARAM} AND NOT p."isArchived"
    ORDER BY 4 DESC, p.id ASC LIMIT ${limit}`;
  return rows.map((r) => ({ id: Number(r.id), name: r.name, type: r.type, fires: Number(r.fires) }));
}
