// Putting work on a queue. Any process may enqueue; the process whose runner
// is started (and any other container's) picks the job up.
import type { SendOptions } from "pg-boss";
import { getBoss } from "./boss";
import type { JobName, JobPayload } from "./names";

/**
 * Sends a job; resolves to its id, or null when the queue policy dropped it
 * as a duplicate (e.g. the same feed already queued).
 */
export async function enqueue<N extends JobName>(name: N, data: JobPayload[N], options: SendOptions = {}): Promise<string | null> {
  const boss = await getBoss();
  return boss.send(name, data as object, options);
}
