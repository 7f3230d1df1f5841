// tenantDb(ctx): the tenant-scoped client of lib/data/tenant.ts over the
// application's database, following the transaction of the current request
// when one is open. Every query of licensee data made for a session goes
// through it (the lint rule of eslint.config.mjs keeps the raw client to the
// few system modules listed there).
import "server-only";
import { db } from "../db";
import { signalOf } from "../connections/work";
import { licenseeClient, NO_USER, scopedClient, type BaseClient, type TenantClient, type TenantScope, type TenantTx } from "./tenant";

export type { TenantClient, TenantTx, TenantScope } from "./tenant";
export { LICENSEE_PARAM } from "./tenant";

const clients = new WeakMap<TenantScope, TenantClient>();

/**
 * The scoped client of a session (cached per session context object). A
 * console page's context carries its request's AbortSignal (bindSignal in
 * lib/auth/request.ts): the client's statements are cancelled when the
 * browser goes.
 */
export function tenantDb(scope: TenantScope): TenantClient {
  let client = clients.get(scope);
  if (!client) {
    client = licenseeClient(db, scope.licenseeId, scope.userId, signalOf(scope));
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
  return licenseeClient(db, licenseeId, NO_USER);
}

/**
 * The tenant client of `scope` over a transaction a system module opened on
 * the raw client itself (accounts: a password change, signing out everywhere).
 * The licensee rows such a change also writes, its activity rows, then get
 * their licensee from the client, as every other licensee row does.
 */
export function tenantTxOf(tx: BaseClient, scope: TenantScope): TenantTx {
  return scopedClient(() => tx, scope);
}

/** Global reference data: the same for every licensee, read-only (lib/data/tenant-models.ts "dictionary"). */
export type ReferenceDb = Pick<TenantTx, "timezone" | "geo" | "inventorySite" | "inventoryApp" | "aggregator" | "deal">;

// No licensee or user has id 0: through this client every licensee table is
// empty, and reference data is all there is (writes to it are refused).
const REFERENCE_SCOPE: TenantScope = { licenseeId: 0, userId: 0 };

/** Reads of reference data (timezones, geo, inventory) where no session is at hand. */
export function referenceDb(): ReferenceDb {
  return tenantDb(REFERENCE_SCOPE);
}

/**
 * The licensee a licensee-owned row belongs to (null: no such row). Where a
 * background job given a row id starts, before it acts for that licensee
 * through systemTenantDb.
 */
export async function licenseeOfRow(model: "catalogFeed" | "optimizationRule" | "pixel", id: number): Promise<number | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const delegate = db[model] as unknown as { findUnique(args: object): Promise<{ licenseeId: number } | null> };
  return (await delegate.findUnique({ where: { id }, select: { licenseeId: true } }))?.licenseeId ?? null;
}

/**
 * A user's own rows of the per-user tables (user settings) where no licensee
 * is at hand: sign-in, before a licensee is chosen.
 */
export function userDb(userId: number): Pick<TenantTx, "userSettings"> {
  return tenantDb({ licenseeId: 0, userId });
}
