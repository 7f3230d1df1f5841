// The server side of action results: turning what an action body throws into
// an ActionFailure. Expected failures (gate errors, validation) keep their
// message; anything else is logged with its stack on the server and the
// client gets the spec's generic text (shell.md 8). The result types and
// messages themselves are client-safe, in ./result.ts.
import { unstable_rethrow } from "next/navigation";
import { z } from "../validation/z";
import { fieldErrorsOf } from "../validation/errors";
import { log } from "../log";
import { isCancelledRequest } from "../connections/errors";
import { NOT_FOUND_PARAM } from "./fields";
import {
  SERVER_ERROR_MESSAGE,
  VALIDATION_ERROR_MESSAGE,
  ok,
  type ActionFailure,
  type ActionResult,
} from "./result";
import { RateLimitedError } from "../rate-limit/errors";
import { isGateError, NotFoundError } from "../errors";

export { SERVER_ERROR_MESSAGE, VALIDATION_ERROR_MESSAGE, ok };
export type { ActionFailure, ActionResult, ActionSuccess } from "./result";

/** An id that names no record (IdSchema) is "not found", not a field error. */
function namesNoRecord(error: z.core.$ZodError): boolean {
  return error.issues.some((i) => i.code === "custom" && (i as { params?: Record<string, unknown> }).params?.[NOT_FOUND_PARAM] === true);
}

export function toActionError(e: unknown, context?: Record<string, unknown>): ActionFailure {
  if (e instanceof z.core.$ZodError && namesNoRecord(e)) return toActionError(new NotFoundError(), context);
  if (isGateError(e)) return { ok: false, status: e.status, formError: e.message };
  // A limit the caller ran into (e.g. "Run now" too often): its message, not a server error.
  if (e instanceof RateLimitedError) return { ok: false, status: 429, formError: e.message };
  if (e instanceof z.core.$ZodError) {
    const { fieldErrors, formError } = fieldErrorsOf(e);
    return { ok: false, status: 400, fieldErrors, formError: formError ?? VALIDATION_ERROR_MESSAGE };
  }
  // Cancelled because its client went (lib/db/managed-pool.ts): nobody reads the answer, and nothing failed.
  if (isCancelledRequest(e)) log.info("request cancelled: its client has gone", { ...context, err: e instanceof Error ? e : new Error(String(e)) });
  else log.error("server action failed", { ...context, err: e instanceof Error ? e : new Error(String(e)) });
  return { ok: false, status: 500, formError: SERVER_ERROR_MESSAGE };
}

/** Runs an action body and turns whatever it throws into an ActionFailure. */
export async function runAction<T>(
  name: string,
  body: () => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    return ok(await body());
  } catch (e) {
    unstable_rethrow(e); // redirect()/notFound() are control flow, not failures
    return toActionError(e, { action: name });
  }
}
