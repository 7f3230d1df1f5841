// PgBouncer in transaction mode (DATABASE_PGBOUNCER=true): a server session
// is lent to a client for one transaction only, so nothing set on the session
// survives it. A `SET statement_timeout` would stay on the server connection
// and reach whichever client borrows it next, while this client's next
// statement may run on another server connection without it; and PgBouncer
// refuses the `options` startup parameter the managed pool otherwise starts
// connections with. So in this mode every setting is made with SET LOCAL
// inside the transaction it governs (lib/db/managed-pool.ts):
// - a Prisma transaction: right after its BEGIN (afterBegin below);
// - a statement outside one: wrapped in BEGIN; SET LOCAL ...; <statement>; COMMIT
//   (two more round trips, which the pooler's saved connections pay for).
import type pg from "pg";

/** The session settings of a transaction, as one simple-protocol string of SET LOCALs. */
export function transactionSettings(statementTimeoutMs: number, idleInTransactionMs: number): string {
  // jit off for the reason given in ./managed-pool.ts.
  return `SET LOCAL statement_timeout = ${Math.trunc(statementTimeoutMs)}; SET LOCAL idle_in_transaction_session_timeout = ${Math.trunc(idleInTransactionMs)}; SET LOCAL jit = off`;
}

/**
 * Statements run as they are: those that manage their own transaction (a
 * migration's `BEGIN; ...; COMMIT;`, the tests' truncation) or may not run
 * inside one. They get the server's default settings.
 */
const OWN_TRANSACTION = /^\s*(begin|start\s+transaction|commit|rollback|end|abort|vacuum|create\s+database|drop\s+database|alter\s+system|create\s+index\s+concurrently|reindex\s+.*concurrently)\b/i;

export function runsInOwnTransaction(text: string): boolean {
  return OWN_TRANSACTION.test(text);
}

/**
 * Makes `client` run `settingsSql` right after the BEGIN Prisma's adapter
 * sends first on a transaction's connection (SET TRANSACTION ISOLATION LEVEL
 * may still follow: SET LOCAL takes no snapshot). Once done, or when the
 * returned function is called (the connection goes back to the pool), the
 * client's query is its own again: the prototype's, not a copy on the
 * instance, so what wraps or watches pg.Client's query later sees it too.
 */
export function afterBegin(client: pg.PoolClient, settingsSql: string): () => void {
  const original = client.query;
  const ownBefore = Object.hasOwn(client, "query");
  const restore = () => {
    if (ownBefore) client.query = original;
    else delete (client as unknown as Record<string, unknown>).query;
  };
  const patched = async function (this: pg.PoolClient, ...args: unknown[]) {
    const config = args[0] as string | { text?: string } | undefined;
    const text = typeof config === "string" ? config : config?.text;
    restore();
    const result = await (original as (...a: unknown[]) => Promise<unknown>).apply(client, args);
    if (text !== undefined && /^\s*begin\b/i.test(text)) await (original as (sql: string) => Promise<unknown>).call(client, settingsSql);
    return result;
  };
  client.query = patched as typeof client.query;
  return restore;
}
