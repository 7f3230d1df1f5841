// Which transactions changed what, for the caches that serve a result again
// only while nothing it shows has changed: the list read cache (licensee
// scopes) and the page cache (licensee, user and shared scopes). Triggers
// write one DataChange row per transaction and scope (migrations
// 20261127030000_data_changes and 20261127091500_page_changes); a cached
// result is kept with the PostgreSQL snapshot taken before it was read, and is
// still exact while no change row of its scopes has an xid that snapshot does
// not see.
import "server-only";
import { db } from "../db";

/** A TRUNCATE of a tracked table: a change of every scope. */
export const TRUNCATE_SCOPE = 0;
/** A change of data no one licensee owns (reference data, rows scoped only through their parent): every cached page is stale. */
export const SHARED_SCOPE = -2147483648;
/** A user's own rows (settings, sessions, the user row) are recorded under the negative user id. */
export const userScope = (userId: number) => -userId;

/**
 * The current snapshot, and whether a change of one of `scopes` committed that
 * `since` does not see (always true without `since`). Rows under the
 * snapshot's xmin are seen by it, so the index range read is the recent rows only.
 */
export async function changedSince(scopes: readonly number[], since: string | null): Promise<{ snapshot: string; changed: boolean }> {
  if (since === null) {
    const [row] = await db.$queryRaw<Array<{ snapshot: string }>>`SELECT pg_current_snapshot()::text AS "snapshot"`;
    return { snapshot: row.snapshot, changed: true };
  }
  const [row] = await db.$queryRaw<Array<{ snapshot: string; changed: boolean }>>`
    SELECT pg_current_snapshot()::text AS "snapshot", EXISTS (
      SELECT 1 FROM "DataChange" d
      WHERE d."licenseeId" = ANY(${[...scopes]}::int[])
        AND d."xid" >= pg_snapshot_xmin(${since}::pg_snapshot)::text::bigint
        AND NOT pg_visible_in_snapshot(d."xid"::text::xid8, ${since}::pg_snapshot)) AS "changed"`;
  return row;
}
