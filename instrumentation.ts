// Runs once when a Next.js server process starts: validates the configuration
// (lib/env.ts; a bad variable stops the server with a message naming it) and
// starts the background job runner, which lives in the server process (no
// separate worker to deploy). Not in the Edge runtime, not during `next build`
// (startJobs checks NEXT_PHASE), not where JOBS_ENABLED=false.
export async function register() {
  // NEXT_RUNTIME is Next's own variable (read raw, see lib/env.ts).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./lib/env");
  if (!env().JOBS_ENABLED) return;
  const { startJobs } = await import("./lib/jobs");
  // A database that is not reachable yet must not stop the web server: retry.
  await startJobs({ retryAfterMs: 30_000 });
}
