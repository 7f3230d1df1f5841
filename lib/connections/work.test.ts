import { asJob, bindSignal, currentWork, signalOf, statementTimeoutOf, withSignal, withStatementTimeout, withWorkKind } from "./work";

const LIMITS = { pages: 15_000, reports: 60_000, exports: 120_000, jobs: 600_000 };

describe("the work of a context", () => {
  test("outside anything it is a web request's page work, not a job", () => {
    expect(currentWork()).toEqual({ kinds: ["pages"], job: false });
    expect(statementTimeoutOf(currentWork(), LIMITS)).toEqual({ ms: 15_000, by: "pages" });
  });

  test("a kind only lengthens the limit: an export that runs a report keeps the export's", async () => {
    const seen = await withWorkKind("exports", () => withWorkKind("reports", async () => statementTimeoutOf(currentWork(), LIMITS)));
    expect(seen).toEqual({ ms: 120_000, by: "exports" });
    expect(await withWorkKind("reports", async () => statementTimeoutOf(currentWork(), LIMITS))).toEqual({ ms: 60_000, by: "reports" });
  });

  test("a job keeps the job's limit and pool whatever it calls; a report inside it does not shorten it", async () => {
    const inside = await asJob(() => withWorkKind("reports", async () => ({ work: currentWork(), limit: statementTimeoutOf(currentWork(), LIMITS) })));
    expect(inside.work.job).toBe(true);
    expect(inside.limit).toEqual({ ms: 600_000, by: "jobs" });
    expect(currentWork().job).toBe(false);
  });

  test("0 means no limit in PostgreSQL, so it is the longest", () => {
    expect(statementTimeoutOf({ kinds: ["pages", "reports"], job: false }, { ...LIMITS, reports: 0 })).toEqual({ ms: 0, by: "reports" });
    expect(statementTimeoutOf({ kinds: ["pages", "reports"], job: false }, { ...LIMITS, pages: 0 })).toEqual({ ms: 0, by: "pages" });
  });

  test("a batch's own time applies when longer than its kinds'", async () => {
    expect(await withStatementTimeout(130_000, async () => statementTimeoutOf(currentWork(), LIMITS))).toEqual({ ms: 130_000, by: "batch" });
    expect(await withStatementTimeout(5_000, async () => statementTimeoutOf(currentWork(), LIMITS))).toEqual({ ms: 15_000, by: "pages" });
  });

  test("the request's signal reaches what runs inside, across awaits; none given changes nothing", async () => {
    const controller = new AbortController();
    const seen = await withSignal(controller.signal, async () => {
      await new Promise((r) => setTimeout(r, 5));
      return withWorkKind("reports", async () => currentWork().signal);
    });
    expect(seen).toBe(controller.signal);
    expect(await withSignal(undefined, async () => currentWork().signal)).toBeUndefined();
  });

  test("a lazy promise started by the caller still runs inside the context", async () => {
    // Prisma's promises run their query when awaited, not when made.
    const lazy = { then: (resolve: (w: unknown) => void) => resolve(currentWork().kinds) };
    expect(await withWorkKind("exports", () => lazy as unknown as Promise<unknown>)).toEqual(["pages", "exports"]);
  });

  test("a session context carries its request's signal without becoming anything but a plain object", () => {
    const ctx = { licenseeId: 1, userId: 2 };
    const signal = new AbortController().signal;
    bindSignal(ctx, signal);
    expect(signalOf(ctx)).toBe(signal);
    expect(Object.keys(ctx)).toEqual(["licenseeId", "userId"]);
    expect(signalOf({ licenseeId: 1, userId: 2 })).toBeUndefined();
  });
});
