// The write path of licensee data: permission check, one transaction for the
// change and its activity rows, optimistic concurrency on `version`.
//
// Usage in a mutation:
//   return withAuditedChange(ctx, async (tx) => {
//     const before = orNotFound(await tx.advertiser.findFirst({ where: owned(ctx, id) }));
//     await updateVersioned(tx.advertiser, ctx, id, expectedVersion, data);
//     const after = await tx.advertiser.findFirstOrThrow({ where: owned(ctx, id) });
//     await writeActivity(tx, ctx, { action: "UPDATE", ..., before, after });
//     return after;
//   });
import { db, type Tx } from "../db";
import type { SessionContext } from "../auth/context";
import type { ChangedField } from "../audit/diff";
import type { AuditAction, EntityType } from "../generated/prisma/enums";
import { ConflictError, NotFoundError } from "./errors";
import { owned, requireWrite } from "./gate-core";
import { activeTransaction, runInTransaction } from "./tenant";

export interface TransactionOptions {
  /** ms to wait for a connection (PostgreSQL pool; PGlite has one connection). */
  maxWait?: number;
  /** ms the whole transaction may take. Prisma's 5 s default is short for cascades on PGlite. */
  timeout?: number;
}

/**
 * Runs `fn` in one transaction after checking the role. The check comes first
 * so that read-only and demo users change nothing, not even by opening a
 * transaction. Every write and its writeActivity() inside `fn` must use `tx`:
 * they commit together or not at all.
 */
export async function withAuditedChange<T>(
  ctx: SessionContext,
  fn: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  requireWrite(ctx);
  // Inside an action's transaction (defineAction), a mutation joins it: the
  // whole action commits or rolls back as one.
  const joined = activeTransaction();
  if (joined) return fn(joined as Tx);
  return db.$transaction((tx) => runInTransaction(tx, () => fn(tx)), { maxWait: 10_000, timeout: 30_000, ...options });
}

/** The two methods of a Prisma model delegate that updateVersioned needs. */
export interface VersionedDelegate {
  updateMany(args: {
    where: { id: number; licenseeId: number; version: number };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model has its own data type
    data: any;
  }): PromiseLike<{ count: number }>;
  count(args: { where: { id: number; licenseeId: number } }): PromiseLike<number>;
}

/**
 * Updates one owned row only if it still has `expectedVersion`, and bumps the
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
  ctx: SessionContext,
  id: number,
  expectedVersion: number,
  data: D,
  what?: string,
): Promise<void> {
  const where = owned(ctx, id);
  if (!Number.isSafeInteger(expectedVersion)) throw new ConflictError();
  const { count } = await delegate.updateMany({
    where: { ...where, version: expectedVersion },
    data: { ...data, version: { increment: 1 } },
  });
  if (count === 1) return;
  if ((await delegate.count({ where })) === 0) throw new NotFoundError(what);
  throw new ConflictError();
}

/** One activity row of a batch: the caller gives the message and the changed fields. */
export interface BatchActivityEntry {
  action: AuditAction;
  entityType: EntityType;
  entityId: number;
  entityName: string;
  entityAdvertiserId?: number | null;
  message: string;
  changes: ChangedField[];
}

/**
 * Writes many activity rows with two statements instead of two per row, for
 * cascades (an advertiser's archive touches all its campaigns, strategies,
 * creatives, ...). Same rows as writeActivity() would write; one entry per
 * entity. Belongs beside writeActivity in lib/audit/activity.ts.
 */
export async function writeActivities(
  tx: Tx,
  ctx: Pick<SessionContext, "userId" | "userName" | "licenseeId">,
  entries: BatchActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const key = (type: EntityType, id: number) => `${type}:${id}`;
  const logs = await tx.activityLog.createManyAndReturn({
    data: entries.map((e) => ({
      licenseeId: ctx.licenseeId,
      userId: ctx.userId,
      userName: ctx.userName,
      action: e.action,
      message: e.message,
      entityType: e.entityType,
      entityId: e.entityId,
      entityName: e.entityName,
      entityAdvertiserId: e.entityAdvertiserId ?? null,
    })),
    select: { id: true, entityType: true, entityId: true },
  });
  // Matched by entity, not by position: INSERT ... RETURNING order is not a documented guarantee.
  const logIds = new Map(logs.map((l) => [key(l.entityType, l.entityId), l.id]));
  if (logIds.size !== entries.length) throw new Error("writeActivities: one entry per entity");
  const fields = entries.flatMap((e) =>
    e.changes.map((c) => ({ logId: logIds.get(key(e.entityType, e.entityId))!, ...c })),
  );
  if (fields.length > 0) await tx.activityLogField.createMany({ data: fields });
}
