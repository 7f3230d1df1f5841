// tenantDb(ctx): the tenant-scoped client of lib/data/tenant.ts over the
// application's database, following the transaction of the current request
// when one is open. Every query of licensee data made for a session goes
// through it (the lint rule of eslint.config.mjs keeps the raw client to the
// few system modules listed there).
import "server-only";
import { db } from "../db";
import { activeTransaction, scopedClient, type TenantClient, type TenantScope } from "./tenant";

export type { TenantClient, TenantTx, TenantScope } from "./tenant";
export { LICENSEE_PARAM } from "./tenant";

const clients = new WeakMap<TenantScope, TenantClient>();

/** The scoped client of a session (cached per session context object). */
export function tenantDb(scope: TenantScope): TenantClient {
  let client = clients.get(scope);
  if (!client) {
    client = scopedClient(() => activeTransaction() ?? db, scope, (fn, options) => db.$transaction(fn, options));
    clients.set(scope, client);
  }
  return client;
}

/**
 * For background jobs that act for one licensee (a feed run, a rule run): the
 * same scoping with no user. Per-user tables (notifications, API keys,
 * settings) then match nothing.
 */
export function systemTenantDb(licenseeId: number): TenantClient {
  return tenantDb({ licenseeId, userId: -1 });
}
