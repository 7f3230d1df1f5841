// The shape every server action returns, and the texts shared by forms.
// Client-safe (no server imports): client components import their types and
// messages from here, never from the server side of lib/actions.
//
// Actions never throw to the client: Next.js would replace the message of a
// thrown error in production and the form could not attach it to a field.
export type ActionSuccess<T> = { ok: true; data: T };
export type ActionFailure = {
  ok: false;
  /** HTTP-like status: 400 validation, 401, 403, 404, 409, 413, 429, 500. */
  status: number;
  /** A message for the whole form (top of the form or an alert). */
  formError?: string;
  /** Field path ("name", "dynamicVideo.cta") → first message for that field. */
  fieldErrors?: Record<string, string>;
};
export type ActionResult<T> = ActionSuccess<T> | ActionFailure;

export const SERVER_ERROR_MESSAGE = "Server error, Please try after sometime";
export const VALIDATION_ERROR_MESSAGE = "Please correct the highlighted fields.";

export function ok<T>(data: T): ActionSuccess<T> {
  return { ok: true, data };
}

/**
 * A server action used as a <form action>: React calls it with the form's
 * FormData and ignores what it returns. Returns the same action (still the
 * server reference), typed as React wants it.
 */
export function asFormAction(action: (...args: never[]) => Promise<unknown>): (formData: FormData) => Promise<void> {
  return action as unknown as (formData: FormData) => Promise<void>;
}
