// Creates that happen once per key (./idempotency-key.ts): an action declared
// `idempotent` (defineAction) takes the key from its input's reserved field,
// or from the REST request's Idempotency-Key header, and claims it in
// IdempotentRequest (unique per licensee, user, action and key) before its
// body runs:
// - in the action's own transaction, as its first write: a repeat sent at the
//   same moment waits on the unique index until the first commits, then finds
//   its row and answers its stored result; a first submission that failed
//   rolled its row back, so its key is free to retry;
// - for actions that run outside one transaction (they store an upload
//   first), as a row of its own, committed before the body runs: a repeat
//   waits for that row's result, and a failed body gives the key up again.
// A repeat writes nothing else and runs no `after`. The same key with another
// input is refused (a client reusing keys would otherwise get another
// record's answer). Rows go after a day (pruneIdempotentRequests, run by the
// data-change prune job).
import "server-only";
import crypto from "node:crypto";
import { AsyncLocalStorage } from "node:async_hooks";
import { Prisma } from "../generated/prisma/client";
import { ConflictError } from "../errors";
import { validationError } from "../validation/errors";
import type { TenantTx } from "../data/tenant-db";
import { IDEMPOTENCY_KEY_FIELD, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MESSAGE, isIdempotencyKey } from "./idempotency-key";

/** How long a key is remembered: a repeat after that creates again. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const KEY_REUSED_MESSAGE = "This idempotency key was already used for a different request: send a new key for a new record.";
export const STILL_SAVING_MESSAGE = "The same submission is still being saved. Try again in a moment.";

/** A repeat of a create outside one transaction waits this long for the first one's result. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 50;
/** A claim still without a result after this long belongs to a process that died: its key is claimed again. */
const ABANDONED_AFTER_MS = 10 * 60_000;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * Splits the reserved key off an idempotent action's input (a plain object,
 * or the FormData of a form that sends a file). A key that is not a UUID is
 * refused before anything is read.
 */
export function takeIdempotencyKey(input: unknown): { key?: string; input: unknown } {
  let key: unknown;
  let rest: unknown;
  if (input instanceof FormData && input.has(IDEMPOTENCY_KEY_FIELD)) {
    key = input.get(IDEMPOTENCY_KEY_FIELD);
    const others = new FormData();
    for (const [name, value] of input) if (name !== IDEMPOTENCY_KEY_FIELD) others.append(name, value);
    rest = others;
  } else if (isPlainObject(input) && Object.hasOwn(input, IDEMPOTENCY_KEY_FIELD)) {
    key = input[IDEMPOTENCY_KEY_FIELD];
    rest = Object.fromEntries(Object.entries(input).filter(([name]) => name !== IDEMPOTENCY_KEY_FIELD));
  } else {
    return { input };
  }
  if (key === undefined) return { input: rest };
  if (!isIdempotencyKey(key)) throw validationError([IDEMPOTENCY_KEY_FIELD], IDEMPOTENCY_KEY_MESSAGE);
  return { key: key.toLowerCase(), input: rest };
}

// ───────────── the REST request's header ─────────────

const requestKeys = new AsyncLocalStorage<string>();

/** The Idempotency-Key header of a request, checked (undefined when it has none). */
export function idempotencyKeyOfRequest(request: Request): string | undefined {
  const header = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (header === null) return undefined;
  if (!isIdempotencyKey(header.trim())) throw validationError([], `${IDEMPOTENCY_KEY_HEADER}: ${IDEMPOTENCY_KEY_MESSAGE}`);
  return header.trim().toLowerCase();
}

/** Runs a REST operation with its request's key: the idempotent action it runs takes it when its input has none. */
export function withRequestIdempotencyKey<T>(key: string | undefined, fn: () => Promise<T>): Promise<T> {
  return key === undefined ? fn() : requestKeys.run(key, fn);
}

export function requestIdempotencyKey(): string | undefined {
  return requestKeys.getStore();
}

// ───────────── what is compared and stored ─────────────

/** The input in one spelling whatever the order of its keys (a file by its name, size and type). */
function canonical(value: unknown): unknown {
  if (value instanceof FormData) return [...value].map(([name, v]) => [name, canonical(v)]);
  if (value instanceof Blob) return { blob: (value as Partial<File>).name ?? "", size: value.size, type: value.type };
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(record).sort().map((name) => [name, canonical(record[name])]));
  }
  return value;
}

export function fingerprintOf(input: unknown): string {
  return crypto.createHash("sha256").update(JSON.stringify(canonical(input) ?? null)).digest("hex");
}

// A result is stored as JSON with its dates (and big ids) marked, so a repeat answers the same values.
const DATE = "$date";
const BIGINT = "$bigint";

function encode(value: unknown): unknown {
  if (value instanceof Date) return { [DATE]: value.toISOString() };
  if (typeof value === "bigint") return { [BIGINT]: value.toString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === "object") {
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") return (value as { toJSON(): unknown }).toJSON();
    return Object.fromEntries(Object.entries(value).flatMap(([name, v]) => (v === undefined ? [] : [[name, encode(v)]])));
  }
  return value ?? null;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (!value || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const names = Object.keys(record);
  if (names.length === 1 && names[0] === DATE) return new Date(String(record[DATE]));
  if (names.length === 1 && names[0] === BIGINT) return BigInt(String(record[BIGINT]));
  return Object.fromEntries(names.map((name) => [name, decode(record[name])]));
}

// ───────────── claiming a key ─────────────

export interface Submission<T> {
  /** The action's tenant client (inside its transaction when it has one). */
  db: TenantTx;
  action: string;
  key: string;
  /** fingerprintOf the input without its key. */
  fingerprint: string;
  /** What a repeat is answered: the result, or the part of it that may be stored. */
  remembered(result: T): T;
}

export interface Outcome<T> {
  result: T;
  /** True for a repeat: the first submission's result, nothing run or written. */
  replayed: boolean;
}

type Claim = { claimed: true } | { claimed: false; row: { id: number; fingerprint: string; result: Prisma.JsonValue; createdAt: Date } | null };

async function claim<T>(s: Submission<T>): Promise<Claim> {
  // ON CONFLICT DO NOTHING: while another transaction holds the same key uncommitted, this waits for it.
  const { count } = await s.db.idempotentRequest.createMany({ data: [{ action: s.action, key: s.key, fingerprint: s.fingerprint }], skipDuplicates: true });
  if (count === 1) return { claimed: true };
  const row = await s.db.idempotentRequest.findFirst({ where: { action: s.action, key: s.key }, select: { id: true, fingerprint: true, result: true, createdAt: true } });
  return { claimed: false, row };
}

/**
 * Claims the key, or answers the first submission's result. `wait`: the
 * first may still be running outside a transaction (its row has no result
 * yet), so poll for its result; in a transaction the row seen is committed,
 * result and all.
 */
async function claimOrReplay<T>(s: Submission<T>, wait: boolean): Promise<Outcome<T> | null> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const found = await claim(s);
    if (found.claimed) return null;
    const row = found.row;
    if (row && row.fingerprint !== s.fingerprint) throw new ConflictError(KEY_REUSED_MESSAGE);
    if (row?.result) return { result: decode((row.result as { value: unknown }).value) as T, replayed: true };
    if (row && Date.now() - row.createdAt.getTime() > ABANDONED_AFTER_MS) {
      await s.db.idempotentRequest.deleteMany({ where: { id: row.id, result: { equals: Prisma.DbNull } } });
      continue;
    }
    if ((row && !wait) || Date.now() > deadline) throw new ConflictError(STILL_SAVING_MESSAGE);
    if (row) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    // No row: the first gave its key up (it failed) meanwhile; claim it again.
  }
}

const storedResult = <T>(s: Submission<T>, result: T) => ({ value: encode(s.remembered(result)) }) as Prisma.InputJsonObject;

/** Inside the action's transaction: claim first, then the body, its result stored with the claim; all commit or roll back together. */
export async function onceInTransaction<T>(s: Submission<T>, run: () => Promise<T>): Promise<Outcome<T>> {
  const replay = await claimOrReplay(s, false);
  if (replay) return replay;
  const result = await run();
  await s.db.idempotentRequest.updateMany({ where: { action: s.action, key: s.key }, data: { result: storedResult(s, result) } });
  return { result, replayed: false };
}

/** For an action outside one transaction: the claim is committed before the body runs, and given up if the body fails. */
export async function onceOutsideTransaction<T>(s: Submission<T>, run: () => Promise<T>): Promise<Outcome<T>> {
  const replay = await claimOrReplay(s, true);
  if (replay) return replay;
  const where = { action: s.action, key: s.key };
  let result: T;
  try {
    result = await run();
  } catch (e) {
    await s.db.idempotentRequest.deleteMany({ where });
    throw e;
  }
  await s.db.idempotentRequest.updateMany({ where, data: { result: storedResult(s, result) } });
  return { result, replayed: false };
}

/** The sweep: keys older than their lifetime are forgotten. Runs for every licensee, on the raw client. */
export async function pruneIdempotentRequests(now: Date, client: { idempotentRequest: Pick<Prisma.IdempotentRequestDelegate, "deleteMany"> }): Promise<number> {
  const { count } = await client.idempotentRequest.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS) } } });
  return count;
}
