// A read cache for the expensive statements of a licensee's lists (the page
// of a sort by a metric, the totals row, their currencies), exact at every
// read: a result is kept with the PostgreSQL snapshot taken before it was
// read, and is served again only after one cheap statement has shown that no
// transaction that changed the licensee's list data (DataChange, written by
// triggers on advertisers, campaigns, strategies and the delivery tables:
// migration 20261127030000_data_changes; ./changes.ts) has committed outside that snapshot.
// A saved change therefore shows on the next page load, from any container;
// the cache only saves work, and a container that loses it loses nothing.
//
// Only statements that read nothing but those tables (and fixed reference
// data; shared tables with opts.shared) may go through it. Inside a transaction it is bypassed: the
// transaction's own uncommitted writes must never be kept.
import "server-only";
import { db, getDatabase } from "../db";
import type { DatabaseHandle } from "../db/connect";
import { Prisma } from "../generated/prisma/client";
import { activeTransaction, LICENSEE_PARAM } from "./tenant";
import { changedSince, SHARED_SCOPE, TRUNCATE_SCOPE } from "./changes";
import { tenantDb } from "./tenant-db";

/**
 * How long an entry may be served (validated) after its snapshot. Bounded so
 * the pruning job (pruneDataChanges) can drop change rows every live entry's
 * snapshot already sees.
 */
const ENTRY_LIFETIME_MS = 5 * 60_000;
/** A horizon must be this old before rows under it are pruned: longer than an entry lives, with a margin for slow reads and clocks. */
const PRUNE_HORIZON_AGE = "7 minutes";
const MAX_ENTRIES = 2_000;
/** Larger results (an export's every id) are read each time rather than held. */
const MAX_CACHED_ROWS = 10_000;

interface Entry {
  rows: readonly unknown[];
  /** pg_current_snapshot() as text, taken before the rows were read. */
  snapshot: string;
  /** Date.now() before the snapshot was taken. */
  takenAt: number;
}

/** One store per database (tests install a new one per file; licensee ids repeat across them). */
const stores = new WeakMap<DatabaseHandle, { entries: Map<string, Entry>; reading: Map<string, Reading> }>();

/** A read in progress, under the snapshot taken before it. */
interface Reading {
  snapshot: string;
  rows: Promise<readonly unknown[]>;
}

async function storeOf() {
  const handle = await getDatabase();
  let store = stores.get(handle);
  if (!store) {
    store = { entries: new Map(), reading: new Map() };
    stores.set(handle, store);
  }
  return store;
}

function keyOf(licenseeId: number, sql: Prisma.Sql): string {
  const values = JSON.stringify(sql.values, (_k, v: unknown) =>
    v === LICENSEE_PARAM ? "$licensee" : typeof v === "bigint" ? `${v}n` : v instanceof Date ? v.toISOString() : v,
  );
  return `${licenseeId}\u0000${sql.sql}\u0000${values}`;
}

/**
 * The rows of `sql` (raw SQL placing the licensee with LICENSEE_PARAM, read
 * through the licensee's tenant client), from the cache when nothing it
 * reads has changed since. Callers must not modify the rows. `opts.shared`:
 * the statement also reads shared tables (creative set members, apps), so a
 * change of any of those counts too.
 */
export async function cachedTenantQuery<T>(scope: { licenseeId: number; userId: number }, sql: Prisma.Sql, opts: { shared?: boolean } = {}): Promise<readonly T[]> {
  const read = () => tenantDb(scope).$queryRaw<T[]>(sql);
  if (activeTransaction()) return read();
  const store = await storeOf();
  const key = keyOf(scope.licenseeId, sql);
  const entry = store.entries.get(key);
  const takenAt = Date.now();
  const fresh = entry && takenAt - entry.takenAt < ENTRY_LIFETIME_MS ? entry : undefined;
  const scopes = opts.shared ? [scope.licenseeId, TRUNCATE_SCOPE, SHARED_SCOPE] : [scope.licenseeId, TRUNCATE_SCOPE];
  const { snapshot, changed } = await changedSince(scopes, fresh?.snapshot ?? null);
  if (fresh && !changed) {
    store.entries.delete(key); // most recently used last
    store.entries.set(key, fresh);
    return fresh.rows as readonly T[];
  }
  // Requests asking the same at once share one read, when nothing committed
  // between their snapshots (equal snapshots see exactly the same rows).
  const pending = store.reading.get(key);
  if (pending?.snapshot === snapshot) return (await pending.rows) as readonly T[];
  const reading = { snapshot, rows: read().then((rows) => Object.freeze(rows) as readonly unknown[]) };
  store.reading.set(key, reading);
  try {
    const rows = await reading.rows;
    if (rows.length <= MAX_CACHED_ROWS) {
      store.entries.delete(key);
      store.entries.set(key, { rows, snapshot, takenAt });
      while (store.entries.size > MAX_ENTRIES) store.entries.delete(store.entries.keys().next().value as string);
    }
    return rows as readonly T[];
  } finally {
    if (store.reading.get(key) === reading) store.reading.delete(key);
  }
}

/** Forgets every entry of the current database: the benchmark measures the statements themselves this way. */
export async function dropReadCache(): Promise<void> {
  (await storeOf()).entries.clear();
}

/**
 * The pruning job (every 10 minutes): deletes the change rows under the xmin
 * observed at least PRUNE_HORIZON_AGE ago (every transaction under it had
 * ended then, so every entry alive now has a snapshot that sees them), then
 * observes the current xmin for the next run. Returns the rows deleted.
 */
export async function pruneDataChanges(): Promise<number> {
  return db.$transaction(async (tx) => {
    const [horizon] = await tx.$queryRaw<Array<{ horizonXid: bigint; due: boolean }>>`
      SELECT "horizonXid", "at" <= now() - ${PRUNE_HORIZON_AGE}::interval AS "due" FROM "DataChangeHorizon" WHERE "id" = 1 FOR UPDATE`;
    if (horizon && !horizon.due) return 0;
    const deleted = horizon ? await tx.$executeRaw`DELETE FROM "DataChange" WHERE "xid" < ${horizon.horizonXid}` : 0;
    await tx.$executeRaw`
      INSERT INTO "DataChangeHorizon" ("id", "horizonXid", "at") VALUES (1, pg_snapshot_xmin(pg_current_snapshot())::text::bigint, now())
      ON CONFLICT ("id") DO UPDATE SET "horizonXid" = EXCLUDED."horizonXid", "at" = EXCLUDED."at"`;
    return deleted;
  });
}
