// The background job runner (pg-boss on the application's database).
// instrumentation.ts starts it in every Next.js server process; many
// containers share the queues through the database, each job runs once, and
// each cron slot is sent once (pg-boss coordinates with advisory locks).
import { log } from "../log";
import { getBoss, holder } from "../jobs/boss";
import { isBuildPhase, jobsEnabled, pollSeconds, shutdownGraceMs } from "../jobs/config";
import { JOB_DEFINITIONS } from "./definitions";
import { QUEUES } from "../jobs/names";
import { runJobs } from "../jobs/retry";
import { shutdownDrain } from "./shutdown";

export { enqueue } from "../jobs/queue";
export { JOB, type JobName, type JobPayload } from "../jobs/names";

export interface StartOptions {
  /** Seconds between polls for new jobs (default JOBS_POLL_SECONDS, else 2). */
  pollingIntervalSeconds?: number;
  /** On failure (database not reachable yet), log and try again after this many ms instead of rejecting. */
  retryAfterMs?: number;
}

/**
 * Starts the workers and cron schedules of this process, once: later calls
 * return the same promise. Does nothing during `next build` or with
 * JOBS_ENABLED=false.
 */
export function startJobs(options: StartOptions = {}): Promise<void> {
  // A process that is stopping takes no more jobs, even from a start retried late.
  if (isBuildPhase() || !jobsEnabled() || shutdownDrain()) return Promise.resolve();
  holder.running ??= start(options).catch((err) => {
    holder.running = undefined;
    if (options.retryAfterMs === undefined) throw err;
    log.error("jobs: runner failed to start, retrying", { err, retryAfterMs: options.retryAfterMs });
    setTimeout(() => void startJobs(options).catch(() => {}), options.retryAfterMs).unref();
  });
  return holder.running;
}

async function start(options: StartOptions): Promise<void> {
  const boss = await getBoss();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? pollSeconds();
  for (const definition of JOB_DEFINITIONS) {
    // Each job settled by runJobs: retried after a connection failure, else as its queue says.
    const declaredRetries = QUEUES[definition.name].retryLimit ?? 0;
    await boss.work(definition.name, { pollingIntervalSeconds, batchSize: 1, perJobResults: true }, (jobs) =>
      runJobs(definition.name, declaredRetries, definition.run as (data: unknown) => Promise<unknown>, jobs),
    );
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
  }
  log.info("jobs: runner started", { jobs: JOB_DEFINITIONS.map((d) => d.name), pollingIntervalSeconds });
}

/**
 * Stops workers and schedules of this process: no new job is taken, running
 * ones may finish within `graceMs` (JOBS_SHUTDOWN_GRACE_SECONDS); pg-boss then
 * fails those still running, which their queues (retries for at least the
 * connection failures, lib/jobs/retry.ts) hand to another process.
 */
export async function stopJobs(graceMs: number = shutdownGraceMs()): Promise<void> {
  const pending = holder.boss;
  holder.boss = undefined;
  holder.running = undefined;
  const boss = await pending?.catch(() => undefined);
  await boss?.stop({ graceful: true, timeout: graceMs });
}
