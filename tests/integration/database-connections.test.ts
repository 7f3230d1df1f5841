// Managed database connections (lib/db/managed-pool.ts, lib/connections) on
// PostgreSQL: a statement timeout per kind of work, the jobs' own pool, a read
// that loses its connection run once more, and a request whose client has
// gone cancelled in the database. PostgreSQL only (TEST_DATABASE_URL): PGlite
// is one in-process connection with nothing to time out, cancel or lose.
import pg from "pg";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { LICENSEE_PARAM, tenantDb } from "@/lib/data/tenant-db";
import { asJob, bindSignal, withWorkKind } from "@/lib/connections/work";
import { withBatchTime } from "@/lib/connections/settings";
import { isConnectionError } from "@/lib/connections/errors";
import { RequestAbortedError } from "@/lib/db/managed-pool";
import { useTestDatabase } from "../helpers/db";
import { routerOf } from "../helpers/rest-api";
import { makeTenant } from "../helpers/factories";
import { until } from "../helpers/wait";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const describeOnPostgres = onPostgres ? describe : describe.skip;

const database = useTestDatabase({
  poolSize: 3,
  jobsPoolSize: 1,
  connectTimeoutMs: 3_000,
  statementTimeoutMs: { pages: 1_500, reports: 20_000, exports: 30_000, jobs: 40_000 },
});

let admin: pg.Client;
beforeAll(async () => {
  if (!onPostgres) return;
  admin = new pg.Client({ connectionString: (database.handle.target as { url: string }).url });
  // Ended by the test database's own teardown (DROP DATABASE ... WITH (FORCE)) when that runs first.
  admin.on("error", () => {});
  await admin.connect();
});
afterAll(async () => {
  await admin?.end().catch(() => {});
});

/** Backends of this test database running a statement containing `marker`. */
async function running(marker: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND position($1 in query) > 0`,
    [marker],
  );
  return rows.map((r) => r.pid);
}

/** Starts a query now: Prisma's promises run only once something waits on them. */
const started = <T>(p: PromiseLike<T>): Promise<T> => new Promise<T>((resolve, reject) => p.then(resolve, reject));
const messageOf = (p: PromiseLike<unknown>) => started(p).then(() => "resolved", (e: unknown) => (e as Error).message);
/** Sleeps of pages holding connections (pg_sleep returns void, which Prisma cannot read: hence the row). */
const sleep = (seconds: string) => started(db.$queryRawUnsafe(`SELECT 1 AS one FROM pg_sleep(${seconds})`));

test("on PGlite these tests are skipped: it has one in-process connection", () => {
  expect(database.handle.target.kind).toBe(onPostgres ? "postgres" : "pglite");
});

describeOnPostgres("a statement timeout per kind of work", () => {
  const setting = (name: string) => db.$queryRawUnsafe<Array<Record<string, string>>>(`SHOW ${name}`).then((r) => Object.values(r[0])[0]);

  test("pages, reports, exports and jobs each run under their own limit", async () => {
    expect(await setting("statement_timeout")).toBe("1500ms");
    expect(await withWorkKind("reports", () => setting("statement_timeout"))).toBe("20s");
    expect(await withWorkKind("exports", () => withWorkKind("reports", () => setting("statement_timeout")))).toBe("30s");
    expect(await asJob(() => setting("statement_timeout"))).toBe("40s");
    // A connection a report used is set back for the next page.
    expect(await setting("statement_timeout")).toBe("1500ms");
    expect(await setting("idle_in_transaction_session_timeout")).toBe("1min");
  });

  test("a page's statement over its limit fails, saying which limit and which setting", async () => {
    const message = await messageOf(db.$queryRaw`SELECT 1 AS one FROM pg_sleep(2.01)`);
    expect(message).toContain("canceling statement due to statement timeout (pages may run a statement 1.5 s: DATABASE_STATEMENT_TIMEOUT_PAGES_SECONDS)");
    // The same statement as a report runs to its end.
    await expect(withWorkKind("reports", () => db.$queryRaw`SELECT 1 AS one FROM pg_sleep(2.02)`)).resolves.toEqual([{ one: 1 }]);
  });

  test("a row-scaled batch's transaction and statements get the batch's time", async () => {
    const seen = await withBatchTime(100_000, 1, (timeout) => db.$transaction((tx) => tx.$queryRaw<Array<{ statement_timeout: string }>>`SHOW statement_timeout`, { timeout }));
    expect(seen[0].statement_timeout).toBe("130s");
  });
});

describeOnPostgres("jobs have their own pool", () => {
  test("with every connection of the pages' pool taken, a job still runs at once; a page transaction cannot start (P2028)", async () => {
    const sleeps = [1, 2, 3].map((i) => sleep(`1.2${i}`));
    await until("three sleeping pages", async () => (await running("pg_sleep(1.2")).length === 3);
    const started = Date.now();
    const job = await asJob(() => db.$queryRaw<Array<{ app: string }>>`SELECT current_setting('application_name') AS app`);
    expect(job[0].app).toBe("dsp-console-job-work");
    expect(Date.now() - started).toBeLessThan(800);
    const page = await db.$transaction(async () => "never", { maxWait: 200 }).then(
      () => "started",
      (e: unknown) => e,
    );
    expect(page).toMatchObject({ code: "P2028" });
    expect(isConnectionError(page)).toBe(true);
    await Promise.all(sleeps);
  });
});

describeOnPostgres("a read that loses its connection runs once more; nothing else does", () => {
  async function terminateWhileRunning(marker: string) {
    const [pid] = await until(`a backend running ${marker}`, () => running(marker).then((p) => p.length > 0 && p));
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
  }

  test("a plain read outside a transaction succeeds on a fresh connection", async () => {
    const read = started(db.$queryRaw<Array<{ one: number }>>`SELECT 1 AS one FROM pg_sleep(0.61)`);
    await terminateWhileRunning("pg_sleep(0.61)");
    expect((await read)[0].one).toBe(1);
  });

  test("the raw helper's reads too", async () => {
    const read = database.handle.raw.query<{ two: number }>("SELECT 2 AS two FROM pg_sleep(0.62)");
    await terminateWhileRunning("pg_sleep(0.62)");
    expect((await read)[0].two).toBe(2);
  });

  test("a write is not run again, nor a read inside a transaction", async () => {
    const write = messageOf(db.$queryRawUnsafe(`SELECT nextval('"Licensee_id_seq"') AS id FROM pg_sleep(0.63)`));
    await terminateWhileRunning("pg_sleep(0.63)");
    expect(await write).toMatch(/terminat/i);
    const inTransaction = messageOf(db.$transaction((tx) => tx.$queryRaw`SELECT 1 AS one FROM pg_sleep(0.64)`));
    await terminateWhileRunning("pg_sleep(0.64)");
    expect(await inTransaction).not.toBe("resolved");
    // The transaction's dead connection left the pool: all three of its places serve again.
    const sleeps = ["0.51", "0.52", "0.53"].map(sleep);
    await until("three pages at once", async () => (await running("pg_sleep(0.5")).length === 3, 2_000);
    await Promise.all(sleeps);
  });
});

describeOnPostgres("a request whose client has gone is cancelled in the database", () => {
  async function goneWithinASecond(marker: string, abort: () => void) {
    await until(`${marker} running`, async () => (await running(marker)).length > 0);
    const aborted = Date.now();
    abort();
    await until(`${marker} gone`, async () => (await running(marker)).length === 0, 1_000);
    return Date.now() - aborted;
  }

  test("a REST call (the router): its statement leaves pg_stat_activity within a second of the abort", async () => {
    const tenant = await makeTenant("RW");
    const { secret } = await createApiKey(scopeOf(tenant.ctx), { name: "gone", scope: "READ_ONLY" });
    const route = routerOf("GET", "/test/slow", "read", async ({ ctx }) =>
      withWorkKind("reports", () => tenantDb(ctx).$queryRaw`SELECT 1 AS one FROM pg_sleep(9.71) WHERE ${LICENSEE_PARAM}::int > 0`),
    );
    const controller = new AbortController();
    const answer = route(new Request("http://localhost/api/v1/test/slow", { headers: { authorization: `Bearer ${secret}` }, signal: controller.signal }));
    expect(await goneWithinASecond("pg_sleep(9.71)", () => controller.abort())).toBeLessThan(1_000);
    expect((await answer).status).toBe(500);
  });

  test("a console page's reads through its session context (the signal proxy.ts hands over)", async () => {
    const { ctx } = await makeTenant("RW");
    const controller = new AbortController();
    bindSignal(ctx, controller.signal);
    const read = messageOf(withWorkKind("reports", () => tenantDb(ctx).$queryRaw`SELECT 1 AS one FROM pg_sleep(9.72) WHERE ${LICENSEE_PARAM}::int > 0`));
    await goneWithinASecond("pg_sleep(9.72)", () => controller.abort());
    expect(await read).toContain("canceling statement due to user request: the request's client has gone");
  });

  test("a transaction's running statement too", async () => {
    const { ctx } = await makeTenant("RW");
    const controller = new AbortController();
    bindSignal(ctx, controller.signal);
    const write = messageOf(withWorkKind("reports", () => tenantDb(ctx).$transaction((tx) => tx.$queryRaw`SELECT 1 AS one FROM pg_sleep(9.73) WHERE ${LICENSEE_PARAM}::int > 0`)));
    await goneWithinASecond("pg_sleep(9.73)", () => controller.abort());
    expect(await write).not.toBe("resolved");
  });

  test("a request gone before its statement ran, or while it waited for a connection, never runs it", async () => {
    const { ctx } = await makeTenant("RW");
    const controller = new AbortController();
    bindSignal(ctx, controller.signal);
    controller.abort();
    await expect(tenantDb(ctx).strategy.count()).rejects.toThrow(new RequestAbortedError().message);

    const waiting = (await makeTenant("RW")).ctx;
    const later = new AbortController();
    bindSignal(waiting, later.signal);
    const sleeps = [1, 2, 3].map((i) => sleep(`1.3${i}`));
    await until("three sleeping pages", async () => (await running("pg_sleep(1.3")).length === 3);
    const queued = messageOf(tenantDb(waiting).strategy.count());
    const aborted = Date.now();
    later.abort();
    expect(await queued).toContain(new RequestAbortedError().message);
    expect(Date.now() - aborted).toBeLessThan(500);
    await Promise.all(sleeps);
  });
});
