// Re-scores a feed after its mapping changed, from the items already stored
// (no re-parse): the quality score is counted in the database, where the items are.
// Counters only, the feed's status does not change: no activity row (see process.ts).
import { Prisma } from "../generated/prisma/client";
import { LICENSEE_PARAM, type TenantTx } from "../data/tenant-db";
import { KEY_VARIABLES } from "./schema";
import { mappingIndex, percent } from "./variables";

export async function recomputeFeedScores(tx: TenantTx, feedId: number): Promise<void> {
  const mappings = await tx.variableMapping.findMany({ where: { feedId }, select: { name: true, standardVariable: true } });
  const index = mappingIndex(mappings);
  // The variable names come from the uploaded feed: they travel as bind parameters, never as SQL.
  const filled = (name: string) => Prisma.sql`coalesce(btrim(i.data ->> ${name}), '') <> ''`;
  // Every key variable needs a mapped variable with a value; an unmapped key variable fails every item.
  const complete = Prisma.join(
    KEY_VARIABLES.map((key) => {
      const names = index.get(key) ?? [];
      return names.length ? Prisma.sql`(${Prisma.join(names.map(filled), " OR ")})` : Prisma.sql`false`;
    }),
    " AND ",
  );
  const [counts] = await tx.$queryRaw<{ total: number; complete: number }[]>`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE ${complete})::int AS complete
      FROM "CatalogItem" i JOIN "CatalogFeed" f ON f.id = i."feedId"
     WHERE i."feedId" = ${feedId} AND f."licenseeId" = ${LICENSEE_PARAM}`;
  const score = counts.total === 0 ? 0 : percent(counts.complete, counts.total);
  await tx.catalogFeed.update({
    where: { id: feedId },
    data: { qualityScore: score, variablesMapped: mappings.filter((m) => m.standardVariable).length },
  });
}
