// Reads of the partner segment catalogue, through the tenant client (another
// licensee's segments are never found): the paged search the REST API and
// the audience form's picker use, and one segment as a DMP audience shows it.
import "server-only";
import type { Prisma, PartnerSegment } from "../generated/prisma/client";
import type { TenantClient } from "../data/tenant-db";
import type { PartnerSegmentPage, PartnerSegmentSearch, PartnerSegmentView } from "./schema";

type SegmentRow = Pick<PartnerSegment, "id" | "provider" | "providerSegmentId" | "name" | "taxonomyPath" | "size" | "cpm" | "active">;

export const SEGMENT_SELECT = {
  id: true, provider: true, providerSegmentId: true, name: true, taxonomyPath: true, size: true, cpm: true, active: true,
} satisfies Prisma.PartnerSegmentSelect;

export function toSegmentView(row: SegmentRow): PartnerSegmentView {
  return {
    id: row.id,
    provider: row.provider,
    providerSegmentId: row.providerSegmentId,
    name: row.name,
    taxonomyPath: row.taxonomyPath,
    size: Number(row.size),
    cpm: row.cpm.toFixed(),
    active: row.active,
  };
}

/** Text search over name, taxonomy path and provider (case-insensitive, every word must match somewhere). */
function searchWhere(q: PartnerSegmentSearch): Prisma.PartnerSegmentWhereInput {
  const words = (q.q ?? "").split(/\s+/).filter((w) => w !== "" && w !== ">");
  const contains = (w: string) => ({ contains: w, mode: "insensitive" as const });
  return {
    ...(q.provider ? { provider: { equals: q.provider, mode: "insensitive" } } : {}),
    AND: words.map((w) => ({ OR: [{ name: contains(w) }, { taxonomyPath: contains(w) }, { provider: contains(w) }] })),
  };
}

/** One page of the catalogue, by provider, taxonomy path and name. */
export async function searchPartnerSegments(db: Pick<TenantClient, "partnerSegment">, q: PartnerSegmentSearch): Promise<PartnerSegmentPage> {
  const where = searchWhere(q);
  const [rows, total] = await Promise.all([
    db.partnerSegment.findMany({
      where,
      select: SEGMENT_SELECT,
      orderBy: [{ provider: "asc" }, { taxonomyPath: "asc" }, { name: "asc" }, { id: "asc" }],
      skip: (q.page - 1) * q.size,
      take: q.size,
    }),
    db.partnerSegment.count({ where }),
  ]);
  return { rows: rows.map(toSegmentView), total, page: q.page, size: q.size };
}

/** One segment of the licensee's catalogue, or null when there is none with this id. */
export async function findPartnerSegment(db: Pick<TenantClient, "partnerSegment">, id: number): Promise<PartnerSegmentView | null> {
  const row = await db.partnerSegment.findUnique({ where: { id }, select: SEGMENT_SELECT });
  return row ? toSegmentView(row) : null;
}
