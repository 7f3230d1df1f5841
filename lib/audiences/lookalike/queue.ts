// The audience-lookalike job: queueing a look-alike's computation once the
// change that set it IN_PROCESSING committed (the job must find it so), and
// the job's entry point, which works through the licensee's own client.
import "server-only";
import { systemTenantDb } from "../../data/tenant-db";
import { log } from "../../log";
import { enqueue } from "../../jobs/queue";
import { JOB } from "../../jobs/names";
import { buildLookAlikeAudience, type LookAlikeOutcome } from "./build";

/** Queues the computation of one look-alike; null when it is already queued. */
export function enqueueLookAlikeBuild(licenseeId: number, audienceId: number): Promise<string | null> {
  return enqueue(JOB.audienceLookAlikeBuild, { licenseeId, audienceId }, { singletonKey: String(audienceId) });
}

/**
 * After a save or a refresh committed: a look-alike left IN_PROCESSING is
 * queued (anything else needs no job). A queue that cannot be reached does
 * not turn the committed save into an error: the sweep (./sweep.ts) queues
 * the look-alike within minutes.
 */
export async function enqueueLookAlikeIfPending(licenseeId: number, audience: { id: number; source: string; lookAlikeStatus: string | null }): Promise<void> {
  if (audience.source !== "LOOK_ALIKE" || audience.lookAlikeStatus !== "IN_PROCESSING") return;
  await enqueueLookAlikeBuild(licenseeId, audience.id).catch((err: unknown) =>
    log.warn("audiences: look-alike not queued; the sweep will", { audienceId: audience.id, err: err instanceof Error ? err : new Error(String(err)) }),
  );
}

/** The job: the audience must be found under the payload's licensee (else skipped). */
export function runLookAlikeBuild(data: { licenseeId: number; audienceId: number }): Promise<LookAlikeOutcome> {
  const licenseeId = Number(data.licenseeId);
  const audienceId = Number(data.audienceId);
  if (!Number.isSafeInteger(licenseeId) || !Number.isSafeInteger(audienceId) || licenseeId <= 0 || audienceId <= 0) return Promise.resolve({ status: "SKIPPED" });
  return buildLookAlikeAudience(systemTenantDb(licenseeId), audienceId);
}
