// Re-scores a feed after its mapping changed, from the items already stored
// (no re-parse): the quality score is counted in the database, where the items are.
// Counters only, the feed's status does not change: no activity row (see process.ts).
import type { Tx } from "../db";
import { KEY_VARIABLES } from "./schema";
import { mappingIndex, percent } from "./variables";

export async function recomputeFeedScores(tx: Tx, feedId: number): Promise<void> {
  const mappings = await tx.variableMapping.findMany({ where: { feedId }, select: { name: true, standardVariable: true } });
  const index = mappingIndex(mappings);
  const params: unknown[] = [feedId];
  const filled = (name: string) => {
    params.push(name);
    return `coalesce(btrim(data ->> $${params.length}), '') <> ''`;
  };
  // Every key variable needs a mapped variable with a value; an unmapped key variable fails every item.
  const complete = KEY_VARIABLES.map((key) => {
    const names = index.get(key) ?? [];
    return names.length ? `(${names.map(filled).join(" OR ")})` : "false";
  }).join(" AND ");
  // Only $n placeholders are spliced into the text; the variable names (which come
  // from the uploaded feed) travel as bind parameters, never as SQL.
  const [counts] = await tx.$queryRawUnsafe<{ total: number; complete: number }[]>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${complete})::int AS complete FROM "CatalogItem" WHERE "feedId" = $1`,
    ...params,
  );
  const score = counts.total === 0 ? 0 : percent(counts.complete, counts.total);
  await tx.catalogFeed.update({
    where: { id: feedId },
    data: { qualityScore: score, variablesMapped: mappings.filter((m) => m.standardVariable).length },
  });
}
