// Retries of background jobs (lib/jobs/retry.ts) through pg-boss on the test
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a job whose attempt
// fails on the database connection runs again after a wait, even on a queue
// that declares no retries; another failure there ends the job at once.
import { Prisma } from "@/lib/generated/prisma/client";
import { getBoss } from "@/lib/jobs/boss";
import { runJobs, withConnectionRetries } from "@/lib/jobs/retry";
import { useTestDatabase } from "../helpers/db";
import { until } from "../helpers/wait";

useTestDatabase();

const QUEUE = "test-connection-retry";
// pg-boss picks jobs up every half second: poll its state less often than the default, for longer.
const JOB_WAIT_MS = 20_000;
const JOB_POLL_MS = 200;

test("a job whose first attempt fails with P2028 runs again and completes; one failing otherwise ends after one attempt", async () => {
  const boss = await getBoss();
  // As the app's queues are declared: no retries of their own (the declared limit passed to runJobs is 0).
  await boss.createQueue(QUEUE, withConnectionRetries({ policy: "standard", retryLimit: 0, retryDelay: 1, expireInSeconds: 60 }));
  const attempts: string[] = [];
  const run = async (data: { kind: string }) => {
    attempts.push(data.kind);
    if (data.kind === "pool held" && attempts.filter((a) => a === data.kind).length === 1) {
      throw new Prisma.PrismaClientKnownRequestError("Transaction API error: Unable to start a transaction in the given time.", { code: "P2028", clientVersion: "6.19.3" });
    }
    if (data.kind === "bad payload") throw new Error("bad payload");
  };
  await boss.work<{ kind: string }>(QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1, perJobResults: true }, (jobs) => runJobs(QUEUE, 0, run, jobs));

  const held = (await boss.send(QUEUE, { kind: "pool held" }))!;
  const bad = (await boss.send(QUEUE, { kind: "bad payload" }))!;
  const done = await until("the retried job to complete", async () => {
    const job = await boss.getJobById(QUEUE, held);
    return job?.state === "completed" && job;
  }, JOB_WAIT_MS, JOB_POLL_MS);
  expect(done.retryCount).toBe(1);
  expect(attempts.filter((a) => a === "pool held")).toHaveLength(2);

  const ended = await until("the other job to end", async () => {
    const job = await boss.getJobById(QUEUE, bad);
    return job?.state === "failed" && job;
  }, JOB_WAIT_MS, JOB_POLL_MS);
  expect(ended.retryCount).toBe(0);
  expect(attempts.filter((a) => a === "bad payload")).toHaveLength(1);
  await boss.offWork(QUEUE);
}, 60_000);
