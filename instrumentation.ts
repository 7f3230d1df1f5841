// Runs once when a Next.js server process starts: the background job runner
// lives in the server process (no separate worker to deploy). Not in the Edge
// runtime, not during `next build` (startJobs checks NEXT_PHASE), not where
// JOBS_ENABLED=false.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.JOBS_ENABLED !== "false") {
    const { startJobs } = await import("./lib/jobs");
    // A database that is not reachable yet must not stop the web server: retry.
    await startJobs({ retryAfterMs: 30_000 });
  }
}
