// What a mutation takes from the action that runs it: who acts, and the
// action's tenant client (inside the action's transaction when it writes).
// The action has checked the role before reading its input, and the client
// gives every row the mutation creates or finds the session's licensee, so a
// mutation does neither again.
import "server-only";
import type { SessionContext } from "../auth/context";
import { tenantDb, type TenantTx } from "./tenant-db";

export interface ActionScope {
  ctx: SessionContext;
  db: TenantTx;
}

/**
 * The scope of a context for code that runs a mutation without an action: a
 * background job acting for a licensee, a script, a test. The caller is the
 * one that checked the role.
 */
export function scopeOf(ctx: SessionContext): ActionScope {
  return { ctx, db: tenantDb(ctx) };
}
