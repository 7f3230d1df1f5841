// Settings of the job runner, from lib/env (JOBS_ENABLED, JOBS_POLL_SECONDS,
// JOBS_SHUTDOWN_GRACE_SECONDS).
// Each takes an explicit source for tests; without one it reads env().
import { envFrom, type EnvSource } from "../env";

/** false: this process neither runs workers nor schedules (it may still enqueue). Default true. */
export function jobsEnabled(source?: EnvSource): boolean {
  return envFrom(source).JOBS_ENABLED;
}

/** Seconds between a worker's polls for new jobs (pg-boss minimum 0.5). Default 2. */
export function pollSeconds(source?: EnvSource): number {
  return envFrom(source).JOBS_POLL_SECONDS;
}

/** How long a stopping process lets its running jobs finish, in ms. Default 25 s. */
export function shutdownGraceMs(source?: EnvSource): number {
  return envFrom(source).JOBS_SHUTDOWN_GRACE_SECONDS * 1000;
}

/** `next build` loads server modules to collect page data: no jobs then. NEXT_PHASE is Next's own variable. */
export function isBuildPhase(source: EnvSource = process.env): boolean {
  return source.NEXT_PHASE === "phase-production-build";
}
