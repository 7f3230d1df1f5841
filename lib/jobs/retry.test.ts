import type { Job } from "pg-boss";
import { Prisma } from "../generated/prisma/client";
import { currentWork } from "../connections/work";
import { CONNECTION_RETRIES, failureStatus, runJobs, withConnectionRetries } from "./retry";
import { QUEUES } from "./names";

const p2028 = () =>
  new Prisma.PrismaClientKnownRequestError("Transaction API error: Unable to start a transaction in the given time.", { code: "P2028", clientVersion: "6.19.3" });
const job = (id: string, retryCount = 0): Job<{ n: number }> =>
  ({ id, name: "q", data: { n: 1 }, retryCount, expireInSeconds: 60, heartbeatSeconds: null, signal: new AbortController().signal }) as Job<{ n: number }>;

test("every queue has room for the connection retries, with backoff; its own limit and delay stay where they were larger", () => {
  expect(withConnectionRetries({ policy: "stately", retryLimit: 0, expireInSeconds: 300 })).toEqual({
    policy: "stately",
    retryLimit: CONNECTION_RETRIES,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 300,
  });
  expect(withConnectionRetries({ retryLimit: 5, retryDelay: 900 })).toMatchObject({ retryLimit: 5, retryDelay: 900, retryBackoff: true, retryDelayMax: 900 });
  for (const queue of Object.values(QUEUES)) expect(withConnectionRetries(queue).retryLimit).toBeGreaterThanOrEqual(CONNECTION_RETRIES);
});

test("a connection failure is retried on any queue; another failure only within the queue's own limit", () => {
  expect(failureStatus(p2028(), 0, 0)).toBe("failed");
  expect(failureStatus(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }), 2, 0)).toBe("failed");
  expect(failureStatus(new Error("feed not found"), 0, 0)).toBe("deadletter");
  expect(failureStatus(new Error("feed not found"), 0, 2)).toBe("failed");
  expect(failureStatus(new Error("feed not found"), 2, 2)).toBe("deadletter");
});

test("runJobs runs each job as background work and settles it", async () => {
  const seen: unknown[] = [];
  const results = await runJobs("q", 0, async (data: { n: number }) => {
    seen.push({ ...currentWork(), data });
    if (seen.length === 1) throw p2028();
    if (seen.length === 2) throw new Error("bad payload");
  }, [job("a"), job("b"), job("c")]);
  expect(seen).toEqual(Array(3).fill({ kinds: ["jobs"], job: true, data: { n: 1 } }));
  expect(results.map((r) => [r.id, r.status])).toEqual([
    ["a", "failed"],
    ["b", "deadletter"],
    ["c", "completed"],
  ]);
  expect(results[0].output).toMatchObject({ code: "P2028", message: expect.stringContaining("Unable to start a transaction") });
});
