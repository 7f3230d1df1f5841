// Runs once when a Next.js server process starts: validates the configuration
// (lib/env.ts; a bad variable stops the server with a message naming it),
// starts the temporary folder sweep (lib/uploads/temp-folders.ts) and the
// background job runner, which lives in the server process (no
// separate worker to deploy), with its drain on SIGTERM (lib/jobs/shutdown.ts).
// Not in the Edge runtime, not during `next build`
// (startJobs checks NEXT_PHASE), not where JOBS_ENABLED=false.
import type { Instrumentation } from "next";

export async function register() {
  // NEXT_RUNTIME is Next's own variable (read raw, see lib/env.ts).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./lib/env");
  // Production logs are JSON lines only: what Next and libraries print goes through lib/log.ts too.
  if (env().NODE_ENV === "production") (await import("./lib/log-console")).installConsoleBridge();
  // The connection's address on every request, for the client-address rule (lib/auth/peer-address.ts).
  (await import("./lib/auth/peer-address")).installPeerAddressStamp();
  // Temporary upload folders left by a process that died, now and hourly: in
  // every server process, jobs or not (each container has its own disk).
  (await import("./lib/uploads/temp-folders")).startTempFolderSweeps();
  if (!env().JOBS_ENABLED) return;
  const { startJobs, stopJobs } = await import("./lib/job-runner");
  const { shutdownGraceMs } = await import("./lib/jobs/config");
  // SIGTERM: running jobs finish (or go back to their queue) before the process
  // exits; a few seconds beyond the grace for pg-boss to hand them back.
  (await import("./lib/job-runner/shutdown")).installShutdownDrain(() => stopJobs(), shutdownGraceMs() + 5_000);
  // Not awaited: Next serves no request until register() returns, and pg-boss's
  // start (its schema check, one statement per queue and schedule) waits for
  // connections that a busy or not yet reachable database gives slowly.
  // A database that is not reachable yet must not stop the web server: retry.
  void startJobs({ retryAfterMs: 30_000 });
}

/**
 * Next calls this for every error it catches while serving a request (render,
 * route handler, server action, proxy): one JSON line through lib/log.ts with
 * its digest, like every other log line (the same error reported twice is
 * written once; Next's own print of it goes through lib/log-console.ts).
 */
export async function onRequestError(...args: Parameters<Instrumentation.onRequestError>) {
  // lib/log.ts writes to process streams, which the Edge runtime lacks; no
  // route of ours runs there (proxy.ts runs on Node in Next 16).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("./lib/log");
  logRequestError(...args);
}
