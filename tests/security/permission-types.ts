// The shape of the permission registry's entries (tests/security/permission-registry.ts)
// and the small builders its entries share.
import type { Role } from "@/lib/auth/roles";
import type { MatrixFixture } from "./permission-fixture";

/** A route handler call: the test builds the Request and the `params` of the route's dynamic segments. */
export interface RouteCall {
  method: string;
  path: string;
  params?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  body?: BodyInit;
}

type Build<T> = (f: MatrixFixture) => T | Promise<T>;

interface Invocation {
  /** Server actions: the arguments, naming records of licensee A. */
  args?: Build<unknown[]>;
  /** Route handlers: the request, naming records of licensee A. */
  request?: Build<RouteCall>;
}

/** Reachable without a session: called as an anonymous visitor only. */
export interface PublicEntry extends Invocation {
  access: "public";
  reason: string;
  /** The only tables the call may change (what it is for); every other table must keep its row count. */
  writes: readonly string[];
  /** Tables the call must change: it did its job, so the check above was not passed by doing nothing. */
  mustWrite?: readonly string[];
}

/**
 * Needs a session. Callers of licensee A not in `roles`, anonymous callers and
 * the RW user of licensee B are refused (401/403/404) and change nothing.
 */
export interface GuardedEntry extends Invocation {
  access: "read" | "write";
  /** Roles of licensee A the call succeeds for. Default: write RW; read RW, RO and DEMO. */
  roles?: readonly Role[];
  /**
   * The RW user of licensee B calling with the same arguments:
   * - "not-found" (default): the arguments name A's records, so the call is refused (401/403/404).
   * - "no-data": a read that names no record of A (lists, menus, the caller's own account): it may
   *   answer, with nothing of A in the answer.
   * - "own-account": a write to the caller's own account or licensee that names no record of A
   *   (change password, create a preset): B's call would change only B's things, so it is not made.
   * - "invalid-rows": a batch naming A's records (delivery rows): unknown ids of a batch are answered
   *   as field errors of their rows (400), so that is B's refusal; still nothing may change.
   */
  otherLicensee?: "not-found" | "no-data" | "own-account" | "invalid-rows";
  /**
   * For calls that answer per item rather than fail as a whole: true when the
   * result refuses every item (checked for every refused caller instead of ok:false).
   */
  refusedPerItem?: (result: unknown) => boolean;
}

export type RegistryEntry = PublicEntry | GuardedEntry;

export const ALL_ROLES: readonly Role[] = ["RW", "RO", "DEMO"];
export const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });
export const pickerQuery = { search: "", page: 1, size: 10 };
