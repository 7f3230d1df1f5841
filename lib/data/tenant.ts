// The tenant-scoped data client: the only way code acting for a session
// reaches licensee data. tenantDb(ctx) looks like a Prisma client, but every
// call passes through scopeCall(), which
// - adds the session's licensee (and, for per-user tables, the user) to every
//   `where`, so a query that forgets the filter still cannot see or change
//   another licensee's row: that row is simply not found;
// - sets the licensee on every created row and refuses one naming another;
// - checks every foreign key a write sets (a campaign's pixelId, a creative
//   set's clickDestinationId, ...) against the licensee: ids received from
//   the browser for related records are "not found" when they are not ours;
// - refuses raw SQL that does not carry the licensee (see licenseeParam),
//   and every access to account and session tables (those belong to the
//   system client used by lib/auth).
//
// Why a proxy and not a Prisma query extension ($extends): a query extension
// cannot run the foreign-key checks inside the caller's interactive
// transaction (it has no handle on the transaction client), and on PGlite,
// which has one connection, a query outside an open transaction waits for it
// forever. The proxy wraps whichever client it is given: the application's
// client, or the transaction that withAuditedChange (or defineAction) opened
// for this request, found through AsyncLocalStorage.
import { AsyncLocalStorage } from "node:async_hooks";
import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { withSignal } from "../connections/work";
import { NotFoundError } from "../errors";
import { MODEL_SCOPES, type ModelScope } from "./tenant-models";
import type { OwnedCreates } from "./tenant-types";

type ModelName = Prisma.ModelName;
type Args = Record<string, unknown>;
type Where = Record<string, unknown>;
/** The application client or an interactive transaction over it. */
export type BaseClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/** Who the client acts for: the session's licensee and user. */
export interface TenantScope {
  licenseeId: number;
  userId: number;
}

/** Marks where the licensee id goes in raw SQL run through the tenant client. */
export const LICENSEE_PARAM: unique symbol = Symbol("licensee id");

/** Models the tenant client offers at all (system tables are not even in its type). */
type SystemDelegates =
  | "theme"
  | "user"
  | "membership"
  | "oidcIdentity"
  | "otpChallenge"
  | "loginTicket"
  | "revokedSession"
  | "spentToken"
  | "authEvent"
  | "loginThrottle";
type RawMethods = "$queryRawUnsafe" | "$executeRawUnsafe" | "$queryRawTyped" | "$runCommandRaw";
/** Creates of licensee-owned models need no licenseeId: the client sets the session's (./tenant-types.ts). */
export type TenantTx = OwnedCreates<Omit<BaseClient, SystemDelegates | RawMethods>>;
export type TenantClient = TenantTx & {
  /** An interactive transaction whose client is scoped the same way. */
  $transaction<T>(fn: (tx: TenantTx) => Promise<T>, options?: { maxWait?: number; timeout?: number }): Promise<T>;
};

const READS = new Set(["findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate", "groupBy"]);
const WHERE_WRITES = new Set(["update", "updateMany", "updateManyAndReturn", "delete", "deleteMany"]);
const CREATES = new Set(["create", "createMany", "createManyAndReturn"]);

/** model name of a delegate key: "clickDestination" → "ClickDestination". */
const DELEGATE_MODELS = new Map<string, ModelName>(
  Object.keys(MODEL_SCOPES).map((name) => [name.charAt(0).toLowerCase() + name.slice(1), name as ModelName]),
);

class TenantAccessError extends Error {}

/** The condition every row of `model` visible to `scope` meets (null: no condition). */
function scopeWhere(model: ModelName, scope: TenantScope, purpose: "read" | "write"): Where | null {
  const rule: ModelScope = MODEL_SCOPES[model];
  switch (rule.kind) {
    case "licensee":
      return { licenseeId: scope.licenseeId };
    case "licensee-user":
      return { licenseeId: scope.licenseeId, userId: scope.userId };
    case "user-or-shared":
      return purpose === "write"
        ? { userId: scope.userId }
        : { OR: [{ userId: scope.userId }, { userId: null, OR: [{ licenseeId: null }, { licenseeId: scope.licenseeId }] }] };
    case "user":
      return { userId: scope.userId };
    case "self":
      return { id: scope.licenseeId };
    case "parent":
      return { [rule.via]: scopeWhere(rule.parent, scope, purpose) };
    case "dictionary":
      if (purpose === "write") throw new TenantAccessError(`${model} is reference data: it is not written through the tenant client`);
      return null;
    case "system":
      throw new TenantAccessError(`${model} belongs to the system client, not the tenant client`);
  }
}

/** `where AND condition`, keeping the unique fields of a findUnique/update where at the top level. */
function withCondition(where: unknown, condition: Where | null): Where | undefined {
  if (!condition) return where as Where | undefined;
  if (!where) return condition;
  const w = where as Where;
  const and = w.AND === undefined ? [] : Array.isArray(w.AND) ? w.AND : [w.AND];
  return { ...w, AND: [...and, condition] };
}

/** The owning columns a created row must carry, with the session's values. */
function ownerColumns(model: ModelName, scope: TenantScope): Record<string, number> {
  switch (MODEL_SCOPES[model].kind) {
    case "licensee":
      return { licenseeId: scope.licenseeId };
    case "licensee-user":
      return { licenseeId: scope.licenseeId, userId: scope.userId };
    case "user":
    case "user-or-shared":
      return { userId: scope.userId };
    default:
      return {};
  }
}

/** Sets the owning columns of a created row; a row naming another licensee or user is refused as not found. */
function ownRow(model: ModelName, row: Args, scope: TenantScope): Args {
  const owners = ownerColumns(model, scope);
  const out: Args = { ...row };
  // A user's own preset has no licensee (it follows the user); naming another licensee is refused.
  if (MODEL_SCOPES[model].kind === "user-or-shared" && row.licenseeId != null && row.licenseeId !== scope.licenseeId) throw new NotFoundError();
  for (const [column, value] of Object.entries(owners)) {
    const relation = column.slice(0, -2); // licenseeId → licensee
    const connected = (row[relation] as { connect?: { id?: unknown } } | undefined)?.connect?.id;
    if (connected !== undefined) {
      if (connected !== value) throw new NotFoundError();
      continue;
    }
    if (row[column] !== undefined && row[column] !== value) throw new NotFoundError();
    out[column] = value;
  }
  return out;
}

/** The foreign keys of licensee-owned models that `rows` set: model → ids. */
function referencedIds(model: ModelName, rows: Args[]): Map<ModelName, Set<number>> {
  const rule = MODEL_SCOPES[model];
  const refs = "refs" in rule ? (rule.refs ?? {}) : {};
  const found = new Map<ModelName, Set<number>>();
  for (const row of rows) {
    for (const [column, target] of Object.entries(refs)) {
      const relation = row[column.slice(0, -2)] as { connect?: { id?: unknown } } | undefined;
      const raw = row[column] ?? relation?.connect?.id;
      const given = typeof raw === "object" && raw !== null && "set" in raw ? (raw as { set: unknown }).set : raw;
      if (given === null || given === undefined) continue;
      // createManyAndReturn hands ids back as bigint on some drivers: the same id.
      const value = typeof given === "bigint" && given <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(given) : given;
      if (typeof value !== "number") throw new NotFoundError(target);
      if (!found.has(target)) found.set(target, new Set());
      found.get(target)!.add(value);
    }
  }
  return found;
}

/** Every referenced id must be a row the scope may read; otherwise the write is "not found". */
async function checkReferences(base: BaseClient, model: ModelName, rows: Args[], scope: TenantScope): Promise<void> {
  for (const [target, ids] of referencedIds(model, rows)) {
    const delegate = (base as unknown as Record<string, { count(a: Args): Promise<number> }>)[delegateKey(target)];
    const where = withCondition({ id: { in: [...ids] } }, scopeWhere(target, scope, "read"));
    if ((await delegate.count({ where })) !== ids.size) throw new NotFoundError(readableName(target));
  }
}

const delegateKey = (model: ModelName) => model.charAt(0).toLowerCase() + model.slice(1);

/** "ClickDestination" → "Click destination", as the not-found messages name records. */
const readableName = (model: ModelName) => model.replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`);

const rowsOf = (data: unknown): Args[] => (Array.isArray(data) ? (data as Args[]) : data ? [data as Args] : []);

/** The arguments of one model call, scoped; throws for calls the tenant client never makes. */
export async function scopeCall(base: BaseClient, model: ModelName, operation: string, args: Args = {}, scope: TenantScope): Promise<Args> {
  if (READS.has(operation)) return { ...args, where: withCondition(args.where, scopeWhere(model, scope, "read")) };
  const condition = scopeWhere(model, scope, "write");
  if (WHERE_WRITES.has(operation)) {
    if (args.data) await checkReferences(base, model, rowsOf(args.data), scope);
    return { ...args, where: withCondition(args.where, condition) };
  }
  if (CREATES.has(operation)) {
    const rows = rowsOf(args.data).map((row) => ownRow(model, row, scope));
    await checkReferences(base, model, rows, scope);
    return { ...args, data: Array.isArray(args.data) ? rows : rows[0] };
  }
  if (operation === "upsert") {
    const create = ownRow(model, (args.create ?? {}) as Args, scope);
    await checkReferences(base, model, [create, ...rowsOf(args.update)], scope);
    return { ...args, where: withCondition(args.where, condition), create };
  }
  throw new TenantAccessError(`${model}.${operation} is not available through the tenant client`);
}

/** Raw SQL must place the licensee with licenseeParam; its marker is replaced by the session's licensee id. */
function scopedSql(query: unknown, values: unknown[], scope: TenantScope): Prisma.Sql {
  const sql =
    query instanceof Prisma.Sql ? query : Prisma.sql(query as TemplateStringsArray, ...(values as Prisma.Sql[]));
  if (!sql.values.includes(LICENSEE_PARAM)) {
    throw new TenantAccessError("raw SQL through the tenant client must place the licensee with LICENSEE_PARAM");
  }
  return new Prisma.Sql(sql.strings, sql.values.map((v) => (v === LICENSEE_PARAM ? scope.licenseeId : v)));
}

// The transaction opened for this request (withAuditedChange, defineAction):
// tenant clients created anywhere inside it run their queries in it.
const currentTransaction = new AsyncLocalStorage<BaseClient>();

/** Runs `fn` with `tx` as the client every tenant client of this async context uses. */
export function runInTransaction<T>(tx: BaseClient, fn: () => Promise<T>): Promise<T> {
  return currentTransaction.run(tx, fn);
}

/** The transaction this async context runs in, if any. */
export function activeTransaction(): BaseClient | undefined {
  return currentTransaction.getStore();
}

/**
 * The raw client of the transaction this context runs in, for the system
 * tables a licensee's change also writes in the same transaction (a rule run
 * notifies the licensee's members, found in Membership). Throws outside one.
 */
export function systemTransaction(): BaseClient {
  const tx = activeTransaction();
  if (!tx) throw new TenantAccessError("systemTransaction() outside a transaction");
  return tx;
}

/** A client with interactive transactions: the application's, or a script's own (the seed). */
export type TransactionalClient = BaseClient & Pick<PrismaClient, "$transaction">;

/** The scope of work done for a licensee by no user (jobs): per-user tables match nothing. */
export const NO_USER = -1;

/**
 * The tenant client of one licensee over `base`, following the transaction of
 * the current context: what a background job acting for that licensee uses
 * (lib/data/tenant-db.ts systemTenantDb over the application's database; the
 * seed over its own connection).
 */
export function licenseeClient(base: TransactionalClient, licenseeId: number, userId: number = NO_USER, signal?: AbortSignal): TenantClient {
  return scopedClient(
    () => activeTransaction() ?? base,
    { licenseeId, userId },
    (fn, options) => base.$transaction((tx) => fn(tx as BaseClient), options),
    signal,
  );
}

function modelProxy(resolveBase: () => BaseClient, model: ModelName, scope: TenantScope, signal: AbortSignal | undefined): unknown {
  return new Proxy(
    {},
    {
      get(_target, operation) {
        if (typeof operation !== "string" || operation === "then") return undefined;
        return (args?: Args) => withSignal(signal, async () => {
          const base = resolveBase();
          const scoped = await scopeCall(base, model, operation, args, scope);
          const delegate = (base as unknown as Record<string, Record<string, (a: Args) => Promise<unknown>>>)[delegateKey(model)];
          try {
            return await delegate[operation](scoped);
          } catch (e) {
            // update/delete/...OrThrow of a row the scope cannot see: "not found", like any other id that is not ours.
            if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2025") throw new NotFoundError(readableName(model));
            throw e;
          }
        });
      },
    },
  );
}

/**
 * A client scoped to `scope` over `resolveBase()` (called at each query, so
 * it follows the active transaction). `openTransaction` runs an interactive
 * transaction on the base client. `signal`: the request's (lib/connections/work.ts),
 * whose abort cancels the statements this client runs.
 */
export function scopedClient(
  resolveBase: () => BaseClient,
  scope: TenantScope,
  openTransaction?: <T>(fn: (tx: BaseClient) => Promise<T>, options?: { maxWait?: number; timeout?: number }) => Promise<T>,
  signal?: AbortSignal,
): TenantClient {
  return new Proxy({} as TenantClient, {
    get(_target, key) {
      if (typeof key !== "string" || key === "then") return undefined;
      if (key === "$queryRaw" || key === "$executeRaw") {
        return (query: unknown, ...values: unknown[]) =>
          withSignal(signal, async () => (resolveBase()[key] as (sql: Prisma.Sql) => Promise<unknown>)(scopedSql(query, values, scope)));
      }
      if (key === "$transaction") {
        return <T>(fn: (tx: TenantTx) => Promise<T>, options?: { maxWait?: number; timeout?: number }) => {
          const joined = activeTransaction();
          if (joined) return fn(scopedClient(() => joined, scope, undefined, signal));
          if (!openTransaction || typeof fn !== "function") throw new TenantAccessError("use an interactive transaction");
          return withSignal(signal, () => openTransaction((tx) => runInTransaction(tx, () => fn(scopedClient(() => tx, scope, undefined, signal))), options));
        };
      }
      const model = DELEGATE_MODELS.get(key);
      if (!model) throw new TenantAccessError(`${key} is not available through the tenant client`);
      if (MODEL_SCOPES[model].kind === "system") throw new TenantAccessError(`${model} belongs to the system client, not the tenant client`);
      return modelProxy(resolveBase, model, scope, signal);
    },
  });
}
