// Messages found on the server (not by a schema) in zod's own error shape, so
// forms, actions and the REST API report them beside the field like a
// schema's messages.
import { z } from "./z";

/** A failed rule found on the server (not by the schema): reported beside `path` like a schema message. */
export function validationError(path: string[], message: string, input?: unknown): z.ZodError {
  return new z.ZodError([{ code: "custom", path, message, input }]);
}

/** Field path → first message, the shape react-hook-form's setError wants. */
export function fieldErrorsOf(error: z.core.$ZodError): { fieldErrors: Record<string, string>; formError?: string } {
  // A Map, not an object: a field path like "constructor" or "__proto__" must
  // neither be mistaken for an existing key nor touch the prototype.
  const fields = new Map<string, string>();
  let formError: string | undefined;
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (!key) formError ??= issue.message;
    else if (!fields.has(key)) fields.set(key, issue.message);
  }
  return { fieldErrors: Object.fromEntries(fields), formError };
}
