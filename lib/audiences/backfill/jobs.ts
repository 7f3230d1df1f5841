// The backfill job's queue entry point and handler (lib/job-runner/definitions.ts).
// A job names the audience and the licensee it belongs to; the run acts for
// that licensee only (systemTenantDb), so an audience id of another licensee
// is simply not found.
import "server-only";
import { systemTenantDb } from "../../data/tenant-db";
import { enqueue } from "../../jobs/queue";
import { JOB, type JobPayload } from "../../jobs/names";
import { runAudienceBackfill, type BackfillRunOutcome } from "./run";

/** Queues the audience's backfill; null when one is already waiting (the queue keeps one per audience). */
export function enqueueAudienceBackfill(audienceId: number, licenseeId: number): Promise<string | null> {
  return enqueue(JOB.audienceBackfillRun, { audienceId, licenseeId }, { singletonKey: String(audienceId) });
}

/** The job: a malformed payload is skipped. */
export function runAudienceBackfillJob(data: JobPayload[typeof JOB.audienceBackfillRun]): Promise<BackfillRunOutcome> {
  const audienceId = Number(data.audienceId);
  const licenseeId = Number(data.licenseeId);
  if (!Number.isSafeInteger(audienceId) || !Number.isSafeInteger(licenseeId)) return Promise.resolve({ status: "SKIPPED" });
  return runAudienceBackfill(systemTenantDb(licenseeId), audienceId);
}
