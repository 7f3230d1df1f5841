// Retries of background jobs. A job that fails because the database could
// not be reached or held (a full pool: P2028, P2024; a lost connection:
// P1017, ECONNRESET; the server unreachable: P1001) is run again later with a
// growing wait, whatever its queue says about retrying its own failures: the
// job itself did nothing wrong. Other failures keep the queue's declared
// retryLimit (lib/jobs/names.ts), which for many queues is 0 on purpose.
//
// pg-boss does the waiting (retryDelay doubling with jitter, retryBackoff, up
// to retryDelayMax), so a retry survives a restart. Each queue's retryLimit
// as pg-boss sees it is room for the connection retries; the worker settles
// each job itself (perJobResults) and ends one that failed otherwise, past
// its declared limit, with `deadletter` (terminal, remaining retries unused).
import type { Job, JobResult, PgBoss, Queue } from "pg-boss";
import { isConnectionError } from "../connections/errors";
import { asJob } from "../connections/work";
import { log } from "../log";

/** Runs after the first a job gets when it fails on the database connection. */
export const CONNECTION_RETRIES = 3;
/** Wait before the first such retry (s); each next one about doubles. */
export const CONNECTION_RETRY_DELAY_SECONDS = 15;
/** Longest wait between retries (s), unless the queue's own delay is longer. */
export const RETRY_DELAY_MAX_SECONDS = 600;

export type QueueOptions = Omit<Queue, "name">;

/** The queue as pg-boss gets it: room for the connection retries, with backoff. */
export function withConnectionRetries(q: QueueOptions): QueueOptions {
  return {
    ...q,
    retryLimit: Math.max(q.retryLimit ?? 0, CONNECTION_RETRIES),
    retryDelay: q.retryDelay ?? CONNECTION_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: Math.max(RETRY_DELAY_MAX_SECONDS, q.retryDelay ?? 0),
  };
}

/**
 * How a failed attempt ends: `failed` lets pg-boss run it again (while its
 * retries last), `deadletter` ends it. `retryCount`: the retries before this
 * attempt; `declaredRetries`: the queue's own retryLimit.
 */
export function failureStatus(error: unknown, retryCount: number, declaredRetries: number): "failed" | "deadletter" {
  if (isConnectionError(error)) return "failed";
  return retryCount < declaredRetries ? "failed" : "deadletter";
}

/** What a failed job keeps as its output (pg-boss stores it on the job row). */
function outputOf(err: unknown) {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  return { name: e.name, message: e.message, ...(typeof code === "string" ? { code } : {}), stack: e.stack };
}

/**
 * Runs a batch of one queue's jobs as background work (asJob: the jobs pool
 * and timeout) and settles each: completed, failed (to be retried) or ended.
 */
export async function runJobs<T>(name: string, declaredRetries: number, run: (data: T) => Promise<unknown>, jobs: Job<T>[]): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const job of jobs) {
    try {
      await asJob(() => run(job.data));
      results.push({ id: job.id, status: "completed" });
    } catch (err) {
      const status = failureStatus(err, job.retryCount, declaredRetries);
      const connection = isConnectionError(err);
      const fields = { job: name, id: job.id, retryCount: job.retryCount, retried: status === "failed", connection, err };
      if (connection && status === "failed") log.warn("jobs: job failed on the database connection; it runs again later", fields);
      else log.error("jobs: job failed", fields);
      results.push({ id: job.id, status, output: outputOf(err) });
    }
  }
  return results;
}

/**
 * Creates each queue, and brings an existing one's retry and expiry settings
 * to what is declared now: pg-boss's createQueue leaves an existing queue as
 * it is, and a job copies its queue's settings when it is sent.
 */
export async function ensureQueues(boss: PgBoss, queues: Record<string, QueueOptions>): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const [name, declared] of Object.entries(queues)) {
    const wanted = withConnectionRetries(declared);
    const found = existing.get(name);
    if (!found) {
      await boss.createQueue(name, wanted);
      continue;
    }
    const fields = ["retryLimit", "retryDelay", "retryBackoff", "retryDelayMax", "expireInSeconds"] as const;
    const changed = fields.filter((f) => wanted[f] !== undefined && found[f] !== wanted[f]);
    if (changed.length) await boss.updateQueue(name, Object.fromEntries(changed.map((f) => [f, wanted[f]])));
  }
}
