// The one way a server action is built. defineAction() takes the input schema,
// whether the action writes, and its body; the action it returns
// - checks the session (401 without one, 403 while no licensee is chosen or a
//   forced password change is pending),
// - refuses read-only and demo users before anything else when it writes,
// - parses its single input with the zod schema (ids with IdSchema: a bad one
//   is "not found"),
// - runs a write in one transaction, so its changes and their activity rows
//   commit together (mutations' own withAuditedChange joins it),
// - hands the body the tenant-scoped client (lib/data/tenant-db.ts),
// - revalidates the pages it names, and
// - always returns an ActionResult (lib/actions/result.ts), never throws.
//
// The REST API runs the same definitions with executeAction() for an API
// key's context, so the browser and the API enforce the same rules.
import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { SessionContext } from "../auth/context";
import { requireSession, requireSessionAllowingPasswordChange } from "../auth/session";
import { runAction } from "../data/action-result";
import { requireWrite } from "../data/gate";
import { tenantDb, type TenantClient } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import type { ActionResult } from "./result";

/** A path to revalidate after success; "layout" also revalidates every page below it. */
export type RevalidateTarget = string | { path: string; type: "layout" | "page" };

export interface ActionBody<I> {
  ctx: SessionContext;
  input: I;
  /** The tenant-scoped client; inside the write transaction when the action writes. */
  db: TenantClient;
}

export interface ActionSpec<S extends z.ZodType, T> {
  /** Unique, for logs and the permission registry ("pixel.create"). */
  name: string;
  input: S;
  /** "write": RW role required, runs in one transaction; "read": any role of the licensee. */
  access: "read" | "write";
  /** "password-change": allowed while a forced password change is pending (changing it, signing out). */
  session?: "active" | "password-change";
  /**
   * false for writes that wait on the network or the file store (testing a
   * feed link, storing an upload): their mutations open their own short
   * transactions instead of holding one open across the wait.
   */
  transaction?: boolean;
  revalidate?: RevalidateTarget[] | ((input: z.output<S>, result: T) => RevalidateTarget[]);
  run(body: ActionBody<z.output<S>>): Promise<T>;
}

export interface DefinedAction<S extends z.ZodType, T> {
  (input: z.input<S>): Promise<ActionResult<T>>;
  readonly definition: ActionSpec<S, T>;
}

const definitions = new Map<string, ActionSpec<z.ZodType, unknown>>();

/** Every action defined so far (the permission matrix test reads it). */
export function definedActions(): ReadonlyMap<string, ActionSpec<z.ZodType, unknown>> {
  return definitions;
}

function revalidate<S extends z.ZodType, T>(spec: ActionSpec<S, T>, input: z.output<S>, result: T): void {
  const targets = typeof spec.revalidate === "function" ? spec.revalidate(input, result) : (spec.revalidate ?? []);
  for (const target of targets) {
    if (typeof target === "string") revalidatePath(target);
    else revalidatePath(target.path, target.type);
  }
}

/** Runs a definition for an already verified context (server actions, the REST API). Throws gate and zod errors. */
export async function executeAction<S extends z.ZodType, T>(spec: ActionSpec<S, T>, ctx: SessionContext, input: unknown): Promise<T> {
  if (spec.access === "write") requireWrite(ctx); // before the input is even read
  const parsed = spec.input.parse(input) as z.output<S>;
  const body = { ctx, input: parsed, db: tenantDb(ctx) };
  const result =
    spec.access === "write" && spec.transaction !== false
      ? await withAuditedChange(ctx, () => spec.run(body))
      : await spec.run(body);
  revalidate(spec, parsed, result);
  return result;
}

export function defineAction<S extends z.ZodType, T>(spec: ActionSpec<S, T>): DefinedAction<S, T> {
  definitions.set(spec.name, spec as unknown as ActionSpec<z.ZodType, unknown>);
  const action = async (input: z.input<S>): Promise<ActionResult<T>> =>
    runAction(spec.name, async () => {
      const ctx = spec.session === "password-change" ? await requireSessionAllowingPasswordChange() : await requireSession();
      return executeAction(spec, ctx, input);
    });
  return Object.assign(action, { definition: spec });
}
