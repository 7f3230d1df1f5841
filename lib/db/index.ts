// The application's database. The driver is chosen from DATABASE_URL
// (postgres:// → @prisma/adapter-pg; unset or pglite:<dir> → embedded PGlite).
// Opened lazily on first use (next dev evaluates modules in several processes)
// and kept on globalThis so that next start's repeated module evaluation never
// opens the same PGlite directory twice.
// Server-only: scripts that run under plain Node (migrate, seed, reset,
// link-sso, the image's start-up step) open their own connection with
// ./connect.ts instead.
import "server-only";
import type { PrismaClient } from "../generated/prisma/client";
import { openDatabase, type DatabaseHandle } from "./connect";
import { databaseSettings } from "../connections/settings";
import { resolveDatabaseTarget } from "./url";
import { currentWork } from "../connections/work";
import { isReadCall, routedReplica } from "./read-routing";
import { env } from "../env";

type Holder = { handle?: DatabaseHandle; opening?: Promise<DatabaseHandle> };
const holder: Holder = ((globalThis as Record<string, unknown>).__dspDatabase ??= {}) as Holder;

export async function getDatabase(): Promise<DatabaseHandle> {
  if (holder.handle) return holder.handle;
  holder.opening ??= openDatabase(resolveDatabaseTarget(env().DATABASE_URL), databaseSettings()).then((h) => {
    holder.handle = h;
    return h;
  });
  return holder.opening;
}

/** Tests install their own fresh database here. */
export function installDatabase(handle: DatabaseHandle | undefined) {
  holder.handle = handle;
  holder.opening = handle ? Promise.resolve(handle) : undefined;
}

/**
 * Tests: once a test file's database is closed, work the file left running
 * (a promise nobody awaited) waits forever instead of opening the app's own
 * database, which the finished file's torn-down module registry can no longer
 * load: that failure would land on whichever test file runs next.
 */
export function retireDatabase() {
  holder.handle = undefined;
  holder.opening = new Promise<never>(() => {});
}

// A PrismaClient whose every call first awaits the lazily opened database.
// Model delegates and $-methods return promises, so deferring them is safe.
// Work of a background job (lib/jobs wraps each in asJob) goes to the jobs'
// own client where there is one (PostgreSQL), chosen at each call.
function deferred(path: (string | symbol)[]): unknown {
  const fn = () => {};
  return new Proxy(fn, {
    get(_t, prop) {
      if (prop === "then") return undefined; // not a thenable itself
      return deferred([...path, prop]);
    },
    apply(_t, _this, args) {
      if (holder.handle) return invoke(clientOf(holder.handle, path, args), path, args);
      return getDatabase().then((h) => invoke(clientOf(h, path, args), path, args));
    },
  });
}

// Reads of a read path that chose a replica (lib/data/read-replica.ts) go to
// that replica; everything else of it (writes, transactions) to the primary.
function clientOf(handle: DatabaseHandle, path: (string | symbol)[], args: unknown[]): PrismaClient {
  if (handle.jobs && currentWork().job) return handle.jobs.prisma;
  const replica = handle.replicas ? routedReplica(handle) : undefined;
  return replica && isReadCall(path, args) ? replica.prisma : handle.prisma;
}

function invoke(client: PrismaClient, path: (string | symbol)[], args: unknown[]) {
  let target: unknown = client;
  let owner: unknown = client;
  for (const key of path) {
    owner = target;
    target = (target as Record<string | symbol, unknown>)[key];
  }
  return (target as (...a: unknown[]) => unknown).apply(owner, args);
}

export const db = deferred([]) as PrismaClient;
export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
