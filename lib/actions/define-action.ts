// The one way a server action is built. defineAction() takes the input schema,
// who may call it, and its body; the action it returns
// - checks the session (401 without one, 403 while no licensee is chosen or a
//   forced password change is pending; `session` names the few exceptions),
// - refuses read-only and demo users before anything else when it writes
//   (`roles` widens that for writes to the caller's own account),
// - parses its single input with the zod schema (ids with IdSchema: a bad one
//   is "not found"),
// - runs a write in one transaction, so its changes and their activity rows
//   commit together (mutations' own withAuditedChange joins it),
// - runs a create declared `idempotent` once per idempotency key: a repeat
//   answers the first one's result and writes nothing (./idempotency.ts),
// - hands the body the tenant-scoped client (lib/data/tenant-db.ts),
// - revalidates the pages it names, runs `after` once the change is committed,
// - and always returns an ActionResult (lib/actions/result.ts), never throws
//   (redirect() and notFound() still reach Next.js).
//
// The REST API runs the same definitions with executeAction() for an API
// key's context, so the browser and the API enforce the same rules.
import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "../validation/z";
import type { SessionContext, SessionState } from "../auth/context";
import { ROLES, type Role } from "../auth/roles";
import { requireSession, requireSessionAllowingPasswordChange, requireSessionState } from "../auth/session";
import { runAction } from "../actions/server-result";
import { ForbiddenError } from "../errors";
import { tenantDb, type TenantClient } from "../data/tenant-db";
import { inTransaction } from "../data/transaction";
import { activeTransaction } from "../data/tenant";
import { rememberWrite } from "../data/read-replica";
import type { ActionResult } from "./result";
import { fingerprintOf, onceInTransaction, onceOutsideTransaction, requestIdempotencyKey, takeIdempotencyKey, type Outcome } from "./idempotency";

/** A path to revalidate after success; "layout" also revalidates every page below it. */
export type RevalidateTarget = string | { path: string; type: "layout" | "page" };

/**
 * What session the action needs:
 * - "active" (default): signed in, a licensee chosen, no forced password change pending;
 * - "password-change": the same, but allowed while a forced password change is pending
 *   (changing the password, signing out everywhere);
 * - "any": any valid session, with or without a licensee yet (the licensee selector);
 * - "none": no session at all (sign-in steps, signing out); such an action is "public".
 */
export type SessionRequirement = "active" | "password-change" | "any" | "none";

/** What the body receives, by the session the action needs. */
export type ActionBody<I, K extends SessionRequirement = "active"> = K extends "none"
  ? { input: I }
  : K extends "any"
    ? { input: I; session: SessionState }
    : {
        ctx: SessionContext;
        input: I;
        /** The tenant-scoped client; inside the write transaction when the action writes. */
        db: TenantClient;
      };

export interface ActionSpec<S extends z.ZodType, T, K extends SessionRequirement = "active"> {
  /** Unique, for logs and the permission registry ("pixel.create"). */
  name: string;
  input: S;
  /**
   * "write": changes something (by default only the RW role; runs in one
   * transaction); "read": any role of the licensee; "public": no session
   * (with `session: "none"` only).
   */
  access: "public" | "read" | "write";
  session?: K;
  /**
   * Roles allowed to call a write; default only read-write users. Writes to
   * the caller's own account (password, second factor, date range) name every role.
   */
  roles?: readonly Role[];
  /**
   * false for writes that must not hold one transaction open: they wait on the
   * network or the file store (testing a feed link, storing an upload), or use
   * the system client for account tables (on PGlite's single connection a
   * query outside an open transaction would wait for it forever). Their
   * mutations open their own short transactions. Actions with session "any"
   * or "none" never run in one.
   */
  transaction?: boolean;
  /**
   * Creates (a write that makes a record): true lets a submission carry an
   * idempotency key, in its input's reserved `idempotencyKey` field (one per
   * form instance, sent by useEntityForm) or the REST request's
   * Idempotency-Key header; a repeat with the same key answers the first
   * one's result and writes nothing. `remembered`: what of the result may be
   * stored for repeats, when not all of it may (an API key's secret).
   */
  idempotent?: true | { remembered(result: NoInfer<T>): NoInfer<T> };
  revalidate?: RevalidateTarget[] | ((input: z.output<S>, result: T) => RevalidateTarget[]);
  run(body: ActionBody<z.output<S>, K>): Promise<T>;
  /** After the transaction committed (e.g. queueing a job, which must see the committed row); its failure fails the action. */
  after?(body: ActionBody<z.output<S>, K>, result: T): Promise<void>;
}

/** Any definition, whatever its input, result and session (the registry's element type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- run's body type varies with the session kind
export type AnyActionSpec = ActionSpec<z.ZodType, unknown, any>;

/** An action whose schema takes undefined (NoInputSchema) is called with no argument. */
type ActionArgs<S extends z.ZodType> = undefined extends z.input<S> ? [input?: z.input<S>] : [input: z.input<S>];

export interface DefinedAction<S extends z.ZodType, T, K extends SessionRequirement = "active"> {
  (...args: ActionArgs<S>): Promise<ActionResult<T>>;
  readonly definition: ActionSpec<S, T, K>;
}

const definitions = new Map<string, AnyActionSpec>();

/** Every action defined so far (the permission matrix test reads it). */
export function definedActions(): ReadonlyMap<string, AnyActionSpec> {
  return definitions;
}

/** The roles a definition lets call it. */
export function allowedRoles(spec: Pick<AnyActionSpec, "access" | "roles">): readonly Role[] {
  return spec.access === "write" ? (spec.roles ?? ["RW"]) : ROLES;
}

/** Refuses a caller whose role may not call the action (null: no licensee chosen yet, so no role). */
function checkRole(spec: Pick<AnyActionSpec, "access" | "roles">, role: Role | null): void {
  const allowed = allowedRoles(spec);
  const permitted = role === null ? ROLES.every((r) => allowed.includes(r)) : allowed.includes(role);
  if (!permitted) throw new ForbiddenError();
}

function revalidate<S extends z.ZodType, T, K extends SessionRequirement>(spec: ActionSpec<S, T, K>, input: z.output<S>, result: T): void {
  const targets = typeof spec.revalidate === "function" ? spec.revalidate(input, result) : (spec.revalidate ?? []);
  for (const target of targets) {
    if (typeof target === "string") revalidatePath(target);
    else revalidatePath(target.path, target.type);
  }
}

/** After the body succeeded: the pages to revalidate, then `after`. */
async function finish<S extends z.ZodType, T, K extends SessionRequirement>(spec: ActionSpec<S, T, K>, body: ActionBody<z.output<S>, K>, result: T): Promise<T> {
  revalidate(spec, body.input, result);
  if (spec.after) await spec.after(body, result);
  return result;
}

/** Runs a definition for an already verified context (server actions, the REST API). Throws gate and zod errors. */
export async function executeAction<S extends z.ZodType, T>(
  spec: ActionSpec<S, T, "active"> | ActionSpec<S, T, "password-change">,
  ctx: SessionContext,
  input: unknown,
): Promise<T> {
  const definition = spec as ActionSpec<S, T, "active">;
  checkRole(definition, ctx.role); // before the input is even read
  const submitted = definition.idempotent ? takeIdempotencyKey(input) : { input };
  const body = { ctx, input: definition.input.parse(submitted.input) as z.output<S>, db: tenantDb(ctx) };
  const key = definition.idempotent ? (submitted.key ?? requestIdempotencyKey()) : undefined;
  const { result, replayed } = await runBody(definition, body, key === undefined ? undefined : { key, fingerprint: fingerprintOf(submitted.input) });
  if (!replayed) await finish(definition, body, result);
  // Joined into an outer transaction, nothing is committed yet: its owner remembers.
  if (definition.access === "write" && !activeTransaction()) await rememberWrite(ctx.userId);
  return result;
}

/** The body, in the write's transaction; once per key when the submission carries one. */
async function runBody<S extends z.ZodType, T>(
  definition: ActionSpec<S, T, "active">,
  body: ActionBody<z.output<S>>,
  submission: { key: string; fingerprint: string } | undefined,
): Promise<Outcome<T>> {
  const transactional = definition.access === "write" && definition.transaction !== false;
  const run = () => definition.run(body);
  if (!submission) return { result: await (transactional ? inTransaction(run) : run()), replayed: false };
  const { idempotent } = definition;
  const remembered = typeof idempotent === "object" ? idempotent.remembered : (result: T) => result;
  const once = { db: body.db, action: definition.name, ...submission, remembered };
  return transactional ? inTransaction(() => onceInTransaction(once, run)) : onceOutsideTransaction(once, run);
}

/** Runs a definition whose session is "any" or "none": no transaction, no tenant client. */
async function executeOutsideLicensee<S extends z.ZodType, T>(spec: AnyActionSpec, input: unknown): Promise<T> {
  if (spec.session === "none") {
    const body = { input: spec.input.parse(input) as z.output<S> };
    return finish(spec, body, await spec.run(body)) as Promise<T>;
  }
  const session = await requireSessionState();
  checkRole(spec, session.status === "active" ? session.ctx.role : null);
  const body = { session, input: spec.input.parse(input) as z.output<S> };
  return finish(spec, body, await spec.run(body)) as Promise<T>;
}

export function defineAction<S extends z.ZodType, T, K extends SessionRequirement = "active">(
  spec: ActionSpec<S, T, K>,
): DefinedAction<S, T, K> {
  const kind: SessionRequirement = spec.session ?? "active";
  if ((kind === "none") !== (spec.access === "public")) {
    throw new Error(`${spec.name}: an action without a session is "public", and only such an action is`);
  }
  if (spec.idempotent && (spec.access !== "write" || kind !== "active")) throw new Error(`${spec.name}: only a write of an active session creates records once per key`);
  definitions.set(spec.name, spec as AnyActionSpec);
  const action = async (...[input]: ActionArgs<S>): Promise<ActionResult<T>> =>
    runAction(spec.name, async () => {
      if (kind === "none" || kind === "any") return executeOutsideLicensee<S, T>(spec as AnyActionSpec, input);
      const ctx = kind === "password-change" ? await requireSessionAllowingPasswordChange() : await requireSession();
      return executeAction(spec as ActionSpec<S, T, "active">, ctx, input);
    });
  return Object.assign(action, { definition: spec });
}

/**
 * A read any role of the licensee may call, that hands its parsed input to a
 * query: the most common action, so it is spelt in one line.
 */
export function defineReadAction<S extends z.ZodType, T>(name: string, input: S, run: (body: ActionBody<z.output<S>>) => Promise<T>): DefinedAction<S, T> {
  return defineAction({ name, access: "read", input, run });
}
