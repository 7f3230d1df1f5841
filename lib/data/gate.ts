// The one gate for licensee data. Every query and mutation of licensee-owned
// rows is built from these helpers, so a record of another licensee is never
// returned or changed: it is "not found", exactly like a missing id. Server
// code only (client components may not import it: eslint.config.mjs); without
// the "server-only" marker, so the seed and scripts that run outside Next can
// use the same gate.
import type { SessionContext } from "../auth/context";
import { canWrite } from "../auth/roles";
import { ForbiddenError, NotFoundError } from "../errors";

// Ids are PostgreSQL int4: a larger number can name no record, and must not reach
// the driver (it would fail as a server error instead of "not found").
const MAX_ID = 2_147_483_647;

export function isId(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0 && n <= MAX_ID;
}

/** `where` for one owned record: its id AND the session's licensee. */
export function owned(ctx: SessionContext, id: number) {
  if (!isId(id)) throw new NotFoundError();
  return { id, licenseeId: ctx.licenseeId };
}

/** `where` for lists: the session's licensee, archived rows excluded unless asked. */
export function scope(ctx: SessionContext, opts: { includeArchived?: boolean } = {}) {
  return opts.includeArchived ? { licenseeId: ctx.licenseeId } : { licenseeId: ctx.licenseeId, isArchived: false };
}

export function orNotFound<T>(row: T | null | undefined, what?: string): T {
  if (row === null || row === undefined) throw new NotFoundError(what);
  return row;
}

/** Every mutation calls this first: read-only and demo users change nothing. */
export function requireWrite(ctx: SessionContext): void {
  if (!canWrite(ctx.role)) throw new ForbiddenError();
}

/** Parses an id from a route segment; anything but a positive integer is "not found". */
export function parseId(value: string | undefined): number {
  const n = Number(value);
  if (!value || !/^\d+$/.test(value) || !isId(n)) throw new NotFoundError();
  return n;
}
