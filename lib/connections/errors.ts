// Which failures are the connection's, not the statement's: a job failing on
// one is retried (lib/jobs/retry.ts), a plain read losing its connection is
// run once more (lib/db/managed-pool.ts). Errors arrive raw from pg, or wrapped by
// Prisma (a code such as P2028, the driver adapter's error in `cause` or
// `meta`), so every layer is looked at.

/** Prisma codes of connection and pool failures. */
const PRISMA_CODES = new Set([
  "P1001", // can't reach the database server
  "P1002", // the server was reached but timed out
  "P1008", // operations timed out
  "P1017", // the server closed the connection
  "P2024", // timed out fetching a connection from the pool
  "P2028", // transaction API error: it could not start (pool held) or its connection went
]);

/** SQLSTATEs: connection exceptions (class 08), shutdowns, too many connections. */
const SQLSTATE = /^(08\d{3}|57P0[123]|53300)$/;

/** Node socket codes. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** The driver adapter's kinds of the same. */
const ADAPTER_KINDS = new Set(["ConnectionClosed", "DatabaseNotReachable", "SocketTimeout", "TooManyConnections"]);

const MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /server (has )?closed the connection/i,
  /unable to start a transaction in the given time/i,
  /timed out fetching a new connection/i,
  /can't reach database server/i,
];

/** Losing an open connection, as opposed to failing to get one. */
const LOST_CODES = new Set(["ECONNRESET", "EPIPE", "57P01", "57P02", "08000", "08003", "08006", "ConnectionClosed", "P1017"]);
const LOST_MESSAGES = [/connection terminated unexpectedly/i, /terminating connection/i, /client has encountered a connection error/i, /server (has )?closed the connection/i];

interface Facts {
  codes: string[];
  messages: string[];
  names: string[];
}

function factsOf(error: unknown): Facts {
  const facts: Facts = { codes: [], messages: [], names: [] };
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== "object" || seen.has(e) || depth > 5) return;
    seen.add(e);
    const o = e as Record<string, unknown>;
    for (const key of ["code", "originalCode", "kind", "errorCode"]) if (typeof o[key] === "string") facts.codes.push(o[key] as string);
    if (typeof o.name === "string") facts.names.push(o.name);
    if (typeof o.message === "string") facts.messages.push(o.message);
    for (const key of ["cause", "meta", "driverAdapterError", "error"]) visit(o[key], depth + 1);
  };
  visit(error, 0);
  return facts;
}

/** A failure to reach, keep or get a database connection (not an error of the SQL itself). */
export function isConnectionError(error: unknown): boolean {
  const { codes, messages } = factsOf(error);
  return (
    codes.some((c) => PRISMA_CODES.has(c) || SQLSTATE.test(c) || SOCKET_CODES.has(c) || ADAPTER_KINDS.has(c)) ||
    messages.some((m) => MESSAGES.some((r) => r.test(m)))
  );
}

/** The connection a statement ran on went away (terminated, reset) while it ran. */
export function isConnectionLoss(error: unknown): boolean {
  const { codes, messages } = factsOf(error);
  return codes.some((c) => LOST_CODES.has(c)) || messages.some((m) => LOST_MESSAGES.some((r) => r.test(m)));
}

/**
 * The work of a request whose client had gone, stopped on purpose
 * (lib/db/managed-pool.ts): worth a log line, not an error's.
 */
export function isCancelledRequest(error: unknown): boolean {
  const { names, messages } = factsOf(error);
  return names.includes("RequestAbortedError") || messages.some((m) => m.includes("client has gone"));
}

// Words that make a statement more than a read: data-changing commands and
// functions with effects. Matched anywhere (a CTE, a function argument): a
// read that mentions one is merely not retried.
const NOT_A_READ =
  /\b(insert|update|delete|merge|truncate|copy|call|do|lock|nextval|setval|set_config|pg_advisory\w*|pg_notify|pg_cancel_backend|pg_terminate_backend|lo_\w+|txid_current|pg_current_xact_id|dblink\w*)\b/i;
// The app's own SQL functions (delivery_*, data_change_*) build and record rows.
const WRITING_FUNCTION = /\b(delivery|data_change)_\w+\s*\(/i;

/**
 * A single SELECT (or WITH ... SELECT) that changes nothing: safe to run
 * again after its connection was lost. Anything else, or several statements,
 * is not.
 */
export function isPlainRead(sql: string): boolean {
  const text = sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ").trim().replace(/^\(+\s*/, "");
  if (!/^(select|with)\b/i.test(text)) return false;
  if (text.replace(/;\s*$/, "").includes(";")) return false;
  const withoutStrings = text.replace(/'(?:[^']|'')*'/g, "''").replace(/"(?:[^"]|"")*"/g, '""');
  return !NOT_A_READ.test(withoutStrings) && !WRITING_FUNCTION.test(withoutStrings);
}
