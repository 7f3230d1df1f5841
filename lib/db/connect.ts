// Opens a database (PGlite directory or PostgreSQL server) and gives both a
// Prisma client and a raw SQL executor over the same connection(s).
//
// Each driver is loaded only when its database is opened (./pglite, ./postgres):
// the bundled start-up step of the image (dist/prepare.cjs) must not load the
// PGlite adapter on PostgreSQL, and the image ships only what the server uses.
import type { DatabaseHandle } from "./handle";
import type { DatabaseSettings } from "../connections/settings";
import type { DatabaseTarget } from "./url";

export type { DatabaseHandle, RawSql } from "./handle";
export { pgliteRaw, poolRaw } from "./handle";

/**
 * `settings`: the application's pools and timeouts (lib/db/index.ts). Without
 * them (operator scripts) PostgreSQL gets one plain pool, no statement timeout.
 */
export async function openDatabase(target: DatabaseTarget, settings?: DatabaseSettings): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const { handleForPostgres } = await import("./postgres");
    return handleForPostgres(target.url, settings);
  }
  const { handleForPglite, openPglite } = await import("./pglite");
  return handleForPglite(target, await openPglite(target.dataDir));
}
