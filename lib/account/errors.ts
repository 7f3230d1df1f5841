// A single field (or form, with an empty path) message that toActionError
// turns into a 400 with that message, exactly like a failed schema rule.
import { z } from "zod";

export function validationError(path: string[], message: string, input?: unknown): z.ZodError {
  return new z.ZodError([{ code: "custom", path, message, input }]);
}
