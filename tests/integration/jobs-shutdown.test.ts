// A stopping process drains its jobs (lib/jobs: stopJobs, as SIGTERM runs it
// through lib/job-runner/shutdown.ts), on PGlite and on PostgreSQL: a running job
// finishes within the grace, a job sent meanwhile is left for another process,
// and a job still running when the grace ends goes back to its queue, where
// the next runner completes it.
import { installDatabase, retireDatabase } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/connect";
import { stopJobs } from "@/lib/job-runner";
import { getBoss } from "@/lib/jobs/boss";
import { withConnectionRetries } from "@/lib/jobs/retry";
import { createTestDatabase } from "../helpers/db";

const QUEUE = "test-shutdown-drain";
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  installDatabase(handle);
}, 60_000);
afterAll(async () => {
  await stopJobs(0);
  retireDatabase();
  await handle.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A runner of the test queue whose job `data.ms` says how long it runs. */
async function startRunner(log: string[]) {
  const boss = await getBoss();
  if (!(await boss.getQueue(QUEUE))) await boss.createQueue(QUEUE, withConnectionRetries({ retryLimit: 0, retryDelay: 1 }));
  await boss.work<{ tag: string; ms: number }>(QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    log.push(`start ${job.data.tag}`);
    await sleep(job.data.ms);
    log.push(`end ${job.data.tag}`);
  });
  return boss;
}

const stateOf = async (id: string) => (await (await getBoss()).getJobById(QUEUE, id))?.state;

test("a running job finishes within the grace; a job sent during the drain is not taken", async () => {
  const log: string[] = [];
  const boss = await startRunner(log);
  const running = (await boss.send(QUEUE, { tag: "running", ms: 1_500 }))!;
  await until("the job to start", () => log.includes("start running"));

  const stopping = stopJobs(10_000);
  const sentDuring = (await boss.send(QUEUE, { tag: "sent during", ms: 10 }))!;
  await stopping;

  expect(log).toEqual(["start running", "end running"]);
  expect(await stateOf(running)).toBe("completed");
  // Still waiting for a runner: another process takes it.
  expect(await stateOf(sentDuring)).toBe("created");
  await sleep(1_000);
  expect(log).toEqual(["start running", "end running"]);

  const other: string[] = [];
  await startRunner(other);
  await until("another runner to run it", async () => (await stateOf(sentDuring)) === "completed");
  expect(other).toEqual(["start sent during", "end sent during"]);
  await stopJobs(0);
}, 60_000);

test("a job still running when the grace ends goes back to its queue and the next runner completes it", async () => {
  const log: string[] = [];
  const boss = await startRunner(log);
  const slow = (await boss.send(QUEUE, { tag: "slow", ms: 4_000 }))!;
  await until("the job to start", () => log.includes("start slow"));

  const started = Date.now();
  await stopJobs(500);
  expect(Date.now() - started).toBeLessThan(3_500);
  expect(await stateOf(slow)).toBe("retry");

  // The next runner takes it after the queue's retry delay. The first
  // attempt's handler may still be finishing; its result no longer counts.
  const other: string[] = [];
  await startRunner(other);
  await until("the next runner to complete it", async () => (await stateOf(slow)) === "completed", 30_000);
  expect(other).toEqual(["start slow", "end slow"]);
  await stopJobs(0);
}, 60_000);
