// Read paths on the replicas (DATABASE_REPLICA_URLS; lib/db/replicas.ts):
// lists, reports, exports and dashboards wrap their work in readFromReplica,
// which picks a replica once for the whole path (lib/db/read-routing.ts).
// Never for background jobs (their own pool, and a job's read may precede its
// write), never inside a transaction (it must read what it writes).
//
// Read-your-writes: after a user's write (defineAction, the REST API's write
// routes) rememberWrite() records the primary's WAL position, in this
// process (by user: REST clients keep no cookies) and in a cookie (the
// browser's next request may reach another container). A read path of that
// user then uses a replica only once it has replayed that position; until
// then, the primary. The cookie lives DATABASE_REPLICA_MAX_LAG_SECONDS: any
// replica still in use has replayed past the write by then.
//
// The caches stay exact (they must never keep a replica's older rows as
// fresh beyond its lag):
// - the list read cache (./read-cache.ts) takes its snapshot and reads its
//   rows in the same read path, so on the same server: a replica's snapshot
//   is a past state of the primary's (physical replication shares its
//   transaction ids), so a later check of it on any server still finds every
//   change committed since, and the entry is read again;
// - the page cache (lib/page-cache/serve.ts) takes its snapshot on the
//   primary, outside any read path, then renders: the render asks for the
//   primary's position taken after that snapshot (READ_AFTER_HEADER), so it
//   reads from a replica only when that replica has every change the snapshot
//   sees; otherwise the page would be kept with older rows under a newer
//   snapshot and served until the next change.
import "server-only";
import { cookies, headers } from "next/headers";
import { getDatabase } from "../db";
import { withReadRouting, routedReplica } from "../db/read-routing";
import { laterPosition, walPositionValue, type WalPosition } from "../db/replicas";
import { currentWork } from "../connections/work";
import { env } from "../env";
import { log } from "../log";
import { activeTransaction } from "./tenant";

/** The browser's last write's WAL position. */
export const READ_AFTER_COOKIE = "dsp-read-after";
/** A render of the page cache: the primary's position its snapshot was taken at. */
export const READ_AFTER_HEADER = "x-dsp-read-after";

type Holder = { writes?: Map<number, { position: WalPosition; at: number }>; floor?: () => Promise<WalPosition | null> };
const holder = ((globalThis as Record<string, unknown>).__dspReadAfter ??= {}) as Holder;
/** The last write of each user in this process (oldest first, bounded). */
const writes = (holder.writes ??= new Map());
const MAX_REMEMBERED_USERS = 10_000;

/** Runs `fn`, a read path of `scope`'s user, with its reads on a replica that has what this user must see. */
export async function readFromReplica<T>(scope: { userId: number }, fn: () => Promise<T>): Promise<T> {
  if (currentWork().job || activeTransaction()) return fn();
  const handle = await getDatabase();
  if (!handle.replicas || routedReplica(handle) !== undefined) return fn();
  const replica = await handle.replicas.pick(await readAfter(scope.userId));
  return withReadRouting(handle, replica, fn);
}

/** After a committed write by `userId`: the position the user's next reads must see (no replicas: nothing). */
export async function rememberWrite(userId: number): Promise<void> {
  const handle = await getDatabase();
  if (!handle.replicas) return;
  // The write is committed: failing to note it must not fail it (the next reads may then lag, within the maximum).
  const position = await handle.replicas.primaryPosition().catch((err: unknown) => {
    log.warn("database: the primary's WAL position could not be read after a write", { err });
    return null;
  });
  if (!position) return;
  writes.delete(userId);
  writes.set(userId, { position, at: Date.now() });
  if (writes.size > MAX_REMEMBERED_USERS) writes.delete(writes.keys().next().value as number);
  try {
    (await cookies()).set(READ_AFTER_COOKIE, position, { httpOnly: true, sameSite: "lax", path: "/", maxAge: env().DATABASE_REPLICA_MAX_LAG_SECONDS });
  } catch {
    // Not in a server action or route handler (a render, a script): the process's memory only.
  }
}

/**
 * The page cache, right after taking its snapshot on the primary: the
 * position its render must read after (null without replicas).
 */
export async function primaryPositionForReplicas(): Promise<WalPosition | null> {
  const handle = await getDatabase();
  return handle.replicas ? handle.replicas.primaryPosition() : null;
}

/**
 * Tests: a position every read must see on top of the user's own, e.g. the
 * primary's current one, so rows written by test factories (no user write)
 * are never read from a replica that has not replayed them yet.
 */
export function setReadAfterFloor(floor: (() => Promise<WalPosition | null>) | undefined): void {
  holder.floor = floor;
}

async function readAfter(userId: number): Promise<WalPosition | null> {
  const maxLagMs = env().DATABASE_REPLICA_MAX_LAG_SECONDS * 1000;
  const own = writes.get(userId);
  let position = own && Date.now() - own.at < maxLagMs ? own.position : null;
  position = laterPosition(position, await fromRequest());
  return holder.floor ? laterPosition(position, await holder.floor()) : position;
}

/** The cookie and the page cache's header of the request being answered, if any (only ever raise the bar). */
async function fromRequest(): Promise<WalPosition | null> {
  try {
    const cookie = (await cookies()).get(READ_AFTER_COOKIE)?.value;
    const header = (await headers()).get(READ_AFTER_HEADER);
    const valid = (p: string | null | undefined) => (p && walPositionValue(p) !== null ? p : null);
    return laterPosition(valid(cookie), valid(header));
  } catch {
    return null; // outside a request
  }
}
