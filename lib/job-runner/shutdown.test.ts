// The drain on SIGTERM in a real process: Next's handler calls process.exit as
// soon as its HTTP requests are done, and the exit waits for the jobs' drain,
// at most its limit.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

interface Outcome {
  lines: string[];
  code: number | null;
  /** ms from the signal to the exit. */
  afterSignalMs: number;
}

function stopChild(drainMs: number, limitMs: number): Promise<Outcome> {
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["tests/fixtures/jobs/shutdown-child.ts"], {
    cwd: root,
    env: { ...process.env, DRAIN_MS: String(drainMs), LIMIT_MS: String(limitMs), LOG_LEVEL: "error", NODE_OPTIONS: "" },
  });
  const lines: string[] = [];
  let signalledAt = 0;
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      for (const line of chunk.split("\n").filter(Boolean)) {
        lines.push(line);
        if (line === "ready") {
          signalledAt = Date.now();
          child.kill("SIGTERM");
        }
      }
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ lines, code, afterSignalMs: Date.now() - signalledAt }));
  });
}

test("the exit Next asks for waits until the running jobs are drained", async () => {
  const { lines, code, afterSignalMs } = await stopChild(1_500, 20_000);
  expect(lines).toEqual(["ready", "drain started", "server closed", "drain finished"]);
  expect(code).toBe(143);
  expect(afterSignalMs).toBeGreaterThanOrEqual(1_400);
}, 30_000);

test("a drain that outlasts its limit is cut off at the limit", async () => {
  const { lines, code, afterSignalMs } = await stopChild(60_000, 1_000);
  expect(lines).toEqual(["ready", "drain started", "server closed"]);
  expect(code).toBe(143);
  expect(afterSignalMs).toBeGreaterThanOrEqual(900);
  expect(afterSignalMs).toBeLessThan(10_000);
}, 30_000);
