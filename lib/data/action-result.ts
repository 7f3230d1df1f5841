// What server actions return to forms. Actions never throw to the client:
// Next.js would replace the message of a thrown error in production and the
// form could not attach it to a field. Expected failures (gate errors,
// validation) keep their message; anything else is logged with its stack on
// the server and the client gets the spec's generic text (shell.md 8).
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { log } from "../log";
import { isGateError } from "./errors";

export type ActionSuccess<T> = { ok: true; data: T };
export type ActionFailure = {
  ok: false;
  /** HTTP-like status: 400 validation, 401, 403, 404, 409, 500. */
  status: number;
  /** A message for the whole form (top of the form or an alert). */
  formError?: string;
  /** Field path ("name", "dynamicVideo.cta") → first message for that field. */
  fieldErrors?: Record<string, string>;
};
export type ActionResult<T> = ActionSuccess<T> | ActionFailure;

export const SERVER_ERROR_MESSAGE = "Server error, Please try after sometime";
export const VALIDATION_ERROR_MESSAGE = "Please correct the highlighted fields.";

/** A failed rule found on the server (not by the schema): reported beside `path` like a schema message. */
export function validationError(path: string[], message: string, input?: unknown): z.ZodError {
  return new z.ZodError([{ code: "custom", path, message, input }]);
}

export function ok<T>(data: T): ActionSuccess<T> {
  return { ok: true, data };
}

/** Field path → first message, the shape react-hook-form's setError wants. */
export function fieldErrorsOf(error: z.core.$ZodError): { fieldErrors: Record<string, string>; formError?: string } {
  const fieldErrors: Record<string, string> = {};
  let formError: string | undefined;
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (!key) formError ??= issue.message;
    else if (!(key in fieldErrors)) fieldErrors[key] = issue.message;
  }
  return { fieldErrors, formError };
}

export function toActionError(e: unknown, context?: Record<string, unknown>): ActionFailure {
  if (isGateError(e)) return { ok: false, status: e.status, formError: e.message };
  if (e instanceof z.core.$ZodError) {
    const { fieldErrors, formError } = fieldErrorsOf(e);
    return { ok: false, status: 400, fieldErrors, formError: formError ?? VALIDATION_ERROR_MESSAGE };
  }
  log.error("server action failed", { ...context, err: e instanceof Error ? e : new Error(String(e)) });
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
