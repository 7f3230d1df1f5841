// Settings of the job runner. Read here with safe defaults until lib/env.ts
// carries them (JOBS_ENABLED, JOBS_POLL_SECONDS).

/** false: this process neither runs workers nor schedules (it may still enqueue). Default true. */
export function jobsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  const value = env.JOBS_ENABLED?.trim().toLowerCase();
  return !(value === "false" || value === "0");
}

/** Seconds between a worker's polls for new jobs (pg-boss minimum 0.5). Default 2. */
export function pollSeconds(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.JOBS_POLL_SECONDS);
  return Number.isFinite(n) && n >= 0.5 ? n : 2;
}

/** `next build` loads server modules to collect page data: no jobs then. */
export function isBuildPhase(env: Record<string, string | undefined> = process.env): boolean {
  return env.NEXT_PHASE === "phase-production-build";
}
