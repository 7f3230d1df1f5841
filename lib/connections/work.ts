// What the database work of the current async context is for: its kind
// (which statement timeout applies), the AbortSignal of the request it serves
// (its statements are cancelled when the client goes), and whether a
// background job runs it (jobs use their own pool, see lib/db/postgres.ts).
//
// Kinds only ever lengthen the limit: a statement runs under the longest
// timeout of the kinds it belongs to, so an export that runs a report keeps
// the export's limit, and a job that renders a report keeps the job's. The
// managed pool (lib/db/managed-pool.ts) reads this at every checkout; PGlite
// ignores it.
import { AsyncLocalStorage } from "node:async_hooks";

export const WORK_KINDS = ["pages", "reports", "exports", "jobs"] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export interface Work {
  /** The kinds this work belongs to ("pages" outside any other: a web request). */
  kinds: readonly WorkKind[];
  /** A statement timeout of its own (row-scaled batches), in ms; the longer of it and the kinds' applies. */
  timeoutMs?: number;
  /** Aborted when the client the work answers has gone. */
  signal?: AbortSignal;
  /** Run by the job runner: its queries use the jobs pool. */
  job: boolean;
}

const DEFAULT_WORK: Work = { kinds: ["pages"], job: false };

type Holder = { storage?: AsyncLocalStorage<Work>; signals?: WeakMap<object, AbortSignal> };
// One store per process: Next evaluates this module once per bundle (proxy, routes, pages).
const holder = ((globalThis as Record<string, unknown>).__dspDatabaseWork ??= {}) as Holder;
const storage = (holder.storage ??= new AsyncLocalStorage<Work>());

/** The work the current async context does (a web request's page work when nothing said otherwise). */
export function currentWork(): Work {
  return storage.getStore() ?? DEFAULT_WORK;
}

// `await` inside: Prisma's promises are lazy, and one returned unawaited
// would start its query in the caller's context, outside this one.
function run<T>(change: (work: Work) => Work, fn: () => Promise<T>): Promise<T> {
  return storage.run(change(currentWork()), async () => await fn());
}

/** Runs `fn` as work of `kind` too (its timeout applies when longer than the current one). */
export function withWorkKind<T>(kind: WorkKind, fn: () => Promise<T>): Promise<T> {
  return run((w) => (w.kinds.includes(kind) ? w : { ...w, kinds: [...w.kinds, kind] }), fn);
}

/** Runs `fn` with a statement timeout of at least `ms` (work whose size the caller knows). */
export function withStatementTimeout<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  return run((w) => ({ ...w, timeoutMs: Math.max(w.timeoutMs ?? 0, ms) }), fn);
}

/** Runs `fn` so that its statements are cancelled when `signal` aborts (none given: unchanged). */
export function withSignal<T>(signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
  if (!signal || signal === currentWork().signal) return fn();
  return run((w) => ({ ...w, signal }), fn);
}

/** Runs `fn` as a background job: the jobs pool and the jobs timeout, no request to follow. */
export function asJob<T>(fn: () => Promise<T>): Promise<T> {
  return storage.run({ kinds: ["jobs"], job: true }, async () => await fn());
}

/**
 * Runs `fn` as no request's work (the pages limits, no signal): for work that
 * several requests may wait on at once (a replica probe), which must not be
 * cancelled because the one request that happened to start it has gone.
 */
export function detached<T>(fn: () => Promise<T>): Promise<T> {
  return storage.run(DEFAULT_WORK, async () => await fn());
}

/**
 * The longest statement timeout of `work` in ms under `limits` (0 means none
 * in PostgreSQL, so it wins), and the name of what set it.
 */
export function statementTimeoutOf(work: Work, limits: Record<WorkKind, number>): { ms: number; by: WorkKind | "batch" } {
  let best: { ms: number; by: WorkKind | "batch" } = { ms: limits[work.kinds[0]], by: work.kinds[0] };
  const longer = (ms: number, than: number) => than !== 0 && (ms === 0 || ms > than);
  for (const kind of work.kinds) if (longer(limits[kind], best.ms)) best = { ms: limits[kind], by: kind };
  if (work.timeoutMs !== undefined && longer(work.timeoutMs, best.ms)) best = { ms: work.timeoutMs, by: "batch" };
  return best;
}

// The request signal of a session context (the console pages' ctx): its
// tenant client's statements follow it (lib/data/tenant-db.ts). A WeakMap,
// so the context stays a plain object that may be handed to components.
const signals = (holder.signals ??= new WeakMap<object, AbortSignal>());

export function bindSignal(owner: object, signal: AbortSignal | undefined): void {
  if (signal) signals.set(owner, signal);
}

export function signalOf(owner: object): AbortSignal | undefined {
  return signals.get(owner);
}
