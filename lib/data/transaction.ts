// The write path of licensee data: permission check, one transaction for the
// change and its activity rows, optimistic concurrency on `version`.
//
// Usage in a mutation (scope is the action's ActionScope, lib/data/scope.ts;
// tx its tenant-scoped client, which adds the licensee to every where and create):
//   return withAuditedChange(scope, async (tx) => {
//     const before = orNotFound(await tx.advertiser.findUnique({ where: { id } }));
//     await updateVersioned(tx.advertiser, id, expectedVersion, data);
//     const after = await tx.advertiser.findUniqueOrThrow({ where: { id } });
//     await writeActivity(tx, ctx, { action: "UPDATE", ..., before, after });
//     return after;
//   });
import "server-only";
import { db, type Tx } from "../db";
import { ConflictError, NotFoundError } from "../errors";
import type { ActionScope } from "./scope";
import { activeTransaction, runInTransaction } from "./tenant";
import type { TenantTx } from "./tenant-db";

export interface TransactionOptions {
  /** ms to wait for a connection (PostgreSQL pool; PGlite has one connection). */
  maxWait?: number;
  /** ms the whole transaction may take. Prisma's 5 s default is short for cascades on PGlite. */
  timeout?: number;
}

/**
 * Runs `fn` in the transaction of the action that runs the mutation, or in one
 * of its own when called outside an action (a job, a script, a test). Every
 * write and its writeActivity() inside `fn` must use `tx`: they commit
 * together or not at all. No role check: the action checked it before reading
 * its input (defineAction), and a job's caller checked it when it queued the work.
 */
export async function withAuditedChange<T>(scope: ActionScope, fn: (tx: TenantTx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  // The tenant client follows the transaction inTransaction opens (or joins).
  return inTransaction(() => fn(scope.db), options);
}

/**
 * Runs `fn` in one transaction, or in the one already open for this request:
 * inside an action's transaction (defineAction), a mutation joins it, so the
 * whole action commits or rolls back as one. No role check: callers check
 * first (defineAction's role rule). `tx` is the raw
 * client, for system modules (accounts); licensee data goes through tenantDb().
 */
export async function inTransaction<T>(fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const joined = activeTransaction();
  if (joined) return fn(joined as Tx);
  return db.$transaction((tx) => runInTransaction(tx, () => fn(tx)), { maxWait: 10_000, timeout: 30_000, ...options });
}

/** The two methods of a tenant client's model delegate that updateVersioned needs (the client adds the licensee). */
export interface VersionedDelegate {
  updateMany(args: {
    where: { id: number; version: number };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model has its own data type
    data: any;
  }): PromiseLike<{ count: number }>;
  count(args: { where: { id: number } }): PromiseLike<number>;
}

/**
 * Updates one row of the licensee (`delegate` is the tenant client's) only if it still has `expectedVersion`, and bumps the
 * version. A row changed meanwhile by someone else is a ConflictError; a row
 * that does not exist or belongs to another licensee is a NotFoundError (the
 * same answer, so ids of other licensees cannot be probed).
 *
 * The check and the write are one UPDATE ... WHERE version = $n: PostgreSQL
 * re-evaluates the WHERE after waiting for a concurrent writer's lock, so two
 * racing saves cannot both succeed.
 */
export async function updateVersioned<D extends object>(
  delegate: VersionedDelegate,
  id: number,
  expectedVersion: number,
  data: D,
  what?: string,
): Promise<void> {
  const where = { id };
  if (!Number.isSafeInteger(expectedVersion)) throw new ConflictError();
  const { count } = await delegate.updateMany({
    where: { ...where, version: expectedVersion },
    data: { ...data, version: { increment: 1 } },
  });
  if (count === 1) return;
  if ((await delegate.count({ where })) === 0) throw new NotFoundError(what);
  throw new ConflictError();
}
