// Which replica the reads of the current async context go to, once
// lib/data/read-replica.ts has chosen one for a read path (a list, a report,
// an export, a dashboard). The choice is made once per read path and kept for
// all of its statements: the read caches take a snapshot in one statement and
// read in the next (lib/data/read-cache.ts), and both must come from the same
// server, or a replica behind the snapshot's server would be cached as if it
// were as fresh as that snapshot.
//
// Only reads go there: lib/db/index.ts sends a call to the chosen replica when
// isReadCall() says it is one; writes, raw executes and transactions go to the
// primary even inside a read path.
import { AsyncLocalStorage } from "node:async_hooks";
import { isPlainRead } from "../connections/errors";
import type { DatabaseHandle } from "./handle";
import type { Replica } from "./replicas";

type Routing = { handle: DatabaseHandle; replica: Replica };
type Holder = { storage?: AsyncLocalStorage<Routing | null> };
// One store per process: Next evaluates this module once per bundle.
const holder = ((globalThis as Record<string, unknown>).__dspReadRouting ??= {}) as Holder;
const storage = (holder.storage ??= new AsyncLocalStorage<Routing | null>());

/** Runs `fn` with its reads on `replica` (null: decided, on the primary). */
export function withReadRouting<T>(handle: DatabaseHandle, replica: Replica | null, fn: () => Promise<T>): Promise<T> {
  return storage.run(replica ? { handle, replica } : null, async () => await fn());
}

/** undefined: no read path has decided yet; null: the primary; else the replica of `handle` chosen for this context. */
export function routedReplica(handle: DatabaseHandle): Replica | null | undefined {
  const routing = storage.getStore();
  if (routing === undefined) return undefined;
  return routing && routing.handle === handle ? routing.replica : null;
}

const MODEL_READS = new Set(["findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate", "groupBy"]);

/** A call of the Prisma client (`path`: ["campaign", "findMany"], ["$queryRaw"]) that only reads. */
export function isReadCall(path: readonly (string | symbol)[], args: readonly unknown[]): boolean {
  if (path.length === 2 && typeof path[0] === "string" && !path[0].startsWith("$")) return MODEL_READS.has(String(path[1]));
  if (path.length !== 1 || (path[0] !== "$queryRaw" && path[0] !== "$queryRawUnsafe")) return false;
  return isPlainRead(sqlTextOf(args[0]));
}

/** The SQL text of a raw query's first argument: a string, a Prisma.Sql, or a template's strings. */
function sqlTextOf(first: unknown): string {
  if (typeof first === "string") return first;
  if (Array.isArray(first)) return first.join("$");
  const sql = (first as { sql?: unknown; strings?: unknown } | null)?.sql;
  return typeof sql === "string" ? sql : "";
}
