import { isBuildPhase, jobsEnabled, pollSeconds } from "../jobs/config";
import { holder } from "../jobs/boss";
import { startJobs } from "./index";

describe("job runner settings", () => {
  it("runs unless JOBS_ENABLED says false", () => {
    expect(jobsEnabled({})).toBe(true);
    expect(jobsEnabled({ JOBS_ENABLED: "true" })).toBe(true);
    expect(jobsEnabled({ JOBS_ENABLED: "false" })).toBe(false);
    expect(jobsEnabled({ JOBS_ENABLED: " FALSE " })).toBe(false);
    expect(jobsEnabled({ JOBS_ENABLED: "0" })).toBe(false);
  });

  it("polls every 2 s unless told otherwise, never below pg-boss's 0.5 s", () => {
    expect(pollSeconds({})).toBe(2);
    expect(pollSeconds({ JOBS_POLL_SECONDS: "0.5" })).toBe(0.5);
    expect(pollSeconds({ JOBS_POLL_SECONDS: "0.1" })).toBe(2);
    expect(pollSeconds({ JOBS_POLL_SECONDS: "soon" })).toBe(2);
  });

  it("without a source, reads the validated process.env (lib/env)", () => {
    const saved = { ...process.env };
    try {
      process.env.JOBS_ENABLED = "false";
      process.env.JOBS_POLL_SECONDS = "5";
      expect(jobsEnabled()).toBe(false);
      expect(pollSeconds()).toBe(5);
      process.env.JOBS_POLL_SECONDS = "soon";
      expect(() => pollSeconds()).toThrow(/JOBS_POLL_SECONDS: must be a number of seconds/);
    } finally {
      process.env = saved;
    }
  });

  it("knows next build", () => {
    expect(isBuildPhase({ NEXT_PHASE: "phase-production-build" })).toBe(true);
    expect(isBuildPhase({ NEXT_PHASE: "phase-production-server" })).toBe(false);
  });
});

describe("startJobs", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it.each([
    ["during next build", { NEXT_PHASE: "phase-production-build" }],
    ["with JOBS_ENABLED=false", { JOBS_ENABLED: "false" }],
  ])("starts nothing %s", async (_when, env) => {
    // Were the guard missing, the runner would open this (throw-away) database.
    Object.assign(process.env, env, { DATABASE_URL: "pglite:memory" });
    await startJobs();
    expect(holder.running).toBeUndefined();
    expect(holder.boss).toBeUndefined();
  });
});
