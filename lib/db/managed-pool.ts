// A pg.Pool that applies the work context of each query (lib/connections/work.ts):
// - the statement timeout of its kind (pages, reports, exports, jobs, or a
//   batch's own): a connection starts with its pool's kind (a startup
//   option) and is switched with SET only when other work takes it;
// - the request's AbortSignal: a query waiting for a connection stops
//   waiting, and the statement running when the client goes is cancelled in
//   the server (a protocol cancel request, which needs no free connection),
//   after which that connection is closed rather than reused, so a late
//   cancel can never reach another request's statement;
// - a plain read outside a transaction whose connection is lost (terminated,
//   reset: not an error of the SQL) runs once more on a fresh connection.
// Prisma's adapter runs statements outside a transaction through
// pool.query() and opens transactions with pool.connect(): both are wrapped.
// Transactions get their timeout and cancellation at checkout and are never
// retried. Behind PgBouncer in transaction mode (settings.pgbouncer) nothing
// is set on the session: each transaction sets its own (./pgbouncer.ts).
import net from "node:net";
import pg from "pg";
import { log } from "../log";
import { isConnectionLoss, isPlainRead } from "../connections/errors";
import { STATEMENT_TIMEOUT_VARIABLES, type DatabaseSettings } from "../connections/settings";
import { currentWork, statementTimeoutOf, type Work, type WorkKind } from "../connections/work";
import { afterBegin, runsInOwnTransaction, transactionSettings } from "./pgbouncer";

export interface ManagedPoolOptions {
  url: string;
  settings: DatabaseSettings;
  /** The kind whose statement timeout new connections start with: pages for the shared pool, jobs for the jobs pool. */
  base: WorkKind;
  max: number;
  /** Names the pool's connections in pg_stat_activity. */
  applicationName: string;
}

/** A query of a request whose client has gone, refused before it ran. */
export class RequestAbortedError extends Error {
  constructor() {
    super("The request was cancelled: its client has gone");
    this.name = "RequestAbortedError";
  }
}

type QueryArgs = [config: string | pg.QueryConfig, values?: unknown[]];

export function managedPool(o: ManagedPoolOptions): pg.Pool {
  const limits = o.settings.statementTimeoutMs;
  const initialMs = limits[o.base];
  const perTransaction = o.settings.pgbouncer;
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.max,
    connectionTimeoutMillis: o.settings.connectTimeoutMs,
    idleTimeoutMillis: o.settings.idleTimeoutMs,
    application_name: o.applicationName,
    // JIT off: the app's statements are short, and the list and metric queries
    // (dozens of guarded subplans whose estimates run high) were measured
    // spending 4 s compiling for a 100 ms execution.
    options: perTransaction ? undefined : `-c jit=off -c statement_timeout=${initialMs} -c idle_in_transaction_session_timeout=${o.settings.idleInTransactionMs}`,
  });
  const settingsOf = (work: Work) => transactionSettings(statementTimeoutOf(work, limits).ms, o.settings.idleInTransactionMs);
  // The statement_timeout each connection was last SET to (absent: its startup value).
  const timeouts = new WeakMap<pg.PoolClient, number>();
  const baseConnect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  const baseQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;

  async function checkout(work: Work): Promise<pg.PoolClient> {
    if (work.signal?.aborted) throw new RequestAbortedError();
    const pending = baseConnect() as Promise<pg.PoolClient>;
    const client = work.signal ? await untilAborted(pending, work.signal) : await pending;
    const { ms } = statementTimeoutOf(work, limits);
    if (!perTransaction && (timeouts.get(client) ?? initialMs) !== ms) {
      try {
        await client.query(`SET statement_timeout = ${Math.trunc(ms)}`);
        timeouts.set(client, ms);
      } catch (e) {
        client.release(e as Error);
        throw e;
      }
    }
    if (work.signal?.aborted) {
      client.release();
      throw new RequestAbortedError();
    }
    return client;
  }

  async function attempt(work: Work, [config, values]: QueryArgs): Promise<pg.QueryResult> {
    const client = await checkout(work);
    const watch = watchAbort(pool, client, work.signal);
    const text = typeof config === "string" ? config : config.text;
    const ownTransaction = perTransaction && !runsInOwnTransaction(text);
    // Between the statements of its own transaction the connection runs no
    // query, so an error the pooler sends then (a server connection it lost)
    // is emitted on the client: without a listener it would end the process.
    // The next statement fails on the dead connection anyway.
    const ignore = () => {};
    if (ownTransaction) client.on("error", ignore);
    try {
      if (ownTransaction) await client.query(`BEGIN; ${settingsOf(work)}`);
      const result = await client.query(config as pg.QueryConfig, values);
      if (ownTransaction) await client.query("COMMIT");
      watch.stop();
      client.removeListener("error", ignore);
      client.release(watch.cancelled() || undefined);
      return result;
    } catch (e) {
      client.removeListener("error", ignore);
      watch.stop();
      // As pg.Pool's own query() does: a connection whose query failed is not reused.
      client.release(e as Error);
      throw explain(e, work, limits, watch.cancelled());
    }
  }

  async function managedQuery(args: QueryArgs): Promise<pg.QueryResult> {
    const work = currentWork();
    try {
      return await attempt(work, args);
    } catch (e) {
      const text = typeof args[0] === "string" ? args[0] : args[0].text;
      if (!isConnectionLoss(e) || !isPlainRead(text) || work.signal?.aborted) throw e;
      log.warn("database: a read lost its connection; running it once more", { err: e });
      return attempt(work, args);
    }
  }

  pool.query = function query(...args: unknown[]) {
    const [config, values, callback] = args;
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === "function";
    if (submittable || typeof values === "function" || typeof callback === "function") return baseQuery(...args);
    return managedQuery([config as QueryArgs[0], values as unknown[] | undefined]);
  } as typeof pool.query;

  // pg.Pool's own query() (callback form, used above only for streams and
  // callbacks) checks out through connect(callback): that form is left as is.
  pool.connect = function connect(callback?: unknown) {
    if (typeof callback === "function") return baseConnect(callback);
    const work = currentWork();
    return checkout(work).then((client) => {
      const watch = watchAbort(pool, client, work.signal);
      const release = client.release;
      const restoreQuery = perTransaction ? afterBegin(client, settingsOf(work)) : undefined;
      let released = false;
      const finish = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        watch.stop();
        client.removeListener("end", lost);
        restoreQuery?.();
        release.call(client, err || watch.cancelled() || undefined);
      };
      // A transaction whose connection the server ended is never released
      // by Prisma's adapter (its ROLLBACK fails first): without this the
      // dead connection would keep its place in the pool for good.
      const lost = () => finish(new Error("the connection ended during a transaction"));
      client.once("end", lost);
      // Idempotent: the adapter may still release it after the above.
      client.release = finish;
      return client;
    });
  } as typeof pool.connect;

  return pool;
}

/** The checkout, unless `signal` aborts first; a connection that arrives after that goes back. */
function untilAborted(pending: Promise<pg.PoolClient>, signal: AbortSignal): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(new RequestAbortedError());
      pending.then((client) => client.release(), () => {});
    };
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(
      (client) => {
        signal.removeEventListener("abort", onAbort);
        if (!signal.aborted) resolve(client);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

/** While checked out: when `signal` aborts, cancel what the connection runs. */
function watchAbort(pool: pg.Pool, client: pg.PoolClient, signal: AbortSignal | undefined) {
  if (!signal) return { stop() {}, cancelled: () => false };
  let sent = false;
  const onAbort = () => {
    sent = true;
    sendCancel(pool, client);
  };
  signal.addEventListener("abort", onAbort, { once: true });
  return { stop: () => signal.removeEventListener("abort", onAbort), cancelled: () => sent };
}

/**
 * PostgreSQL's cancel request for the connection's backend: a separate
 * socket carrying the backend's pid and secret key, handled by the server
 * without a session, so it works when every connection is taken.
 */
export function sendCancel(pool: pg.Pool, client: pg.PoolClient): void {
  const { processID, secretKey } = client as unknown as { processID: number | null; secretKey: number | null };
  if (processID === null || secretKey === null) return;
  // Never connected: it only resolves host and port from the pool's settings.
  const { host, port } = new pg.Client(pool.options) as unknown as { host: string; port: number };
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(80877102, 4); // the cancel request code
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  const socket = host.startsWith("/") ? net.connect(`${host}/.s.PGSQL.${port}`) : net.connect(port, host);
  socket.setTimeout(5_000, () => socket.destroy());
  socket.on("error", (err) => log.warn("database: cancel request failed", { err }));
  // Written, then the server closes: a half-close of ours right after the
  // packet made PgBouncer 1.18 abort altogether ("bad client state").
  socket.on("connect", () => socket.write(packet));
  socket.on("end", () => socket.end());
}

/** A statement timeout or cancel says which limit or why, naming the setting. */
function explain(e: unknown, work: Work, limits: Record<WorkKind, number>, cancelled: boolean): unknown {
  const err = e as { code?: unknown; message?: unknown };
  if (err?.code !== "57014" || typeof err.message !== "string") return e;
  if (cancelled) {
    err.message = `${err.message}: the request's client has gone`;
  } else if (/statement timeout/.test(err.message)) {
    const { ms, by } = statementTimeoutOf(work, limits);
    const seconds = ms / 1000;
    err.message =
      by === "batch"
        ? `${err.message} (this batch may run ${seconds} s, scaled by its rows; capped by DATABASE_BATCH_TRANSACTION_MAX_SECONDS)`
        : `${err.message} (${by} may run a statement ${seconds} s: ${STATEMENT_TIMEOUT_VARIABLES[by]})`;
  }
  return e;
}
