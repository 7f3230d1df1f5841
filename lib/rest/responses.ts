// The pieces every operation of the OpenAPI document shares: the error
// answer, the success envelope of shell.md 3, and the error responses.
// Operations declare their answers with these (lib/rest/operation.ts).
import { z } from "../validation/z";

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.number().int().meta({ description: "The HTTP status." }),
    status: z.number().int(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional().meta({ description: "Field path → message, for a 400." }),
  }),
  respId: z.string().meta({ description: "Quote it when reporting a problem: the server log has it." }),
});

/** The success envelope of shell.md 3: the answer is in respObject. */
export const envelope = (schema: z.ZodType) => z.object({ respObject: schema });

const ERROR_TEXT: Record<number, string> = {
  400: "The input is invalid: `error.fieldErrors` names each field and its message.",
  401: "No valid API key or session (unknown, revoked or expired key).",
  403: "The caller's role or a read-only API key may not do this.",
  404: "No such record in the caller's licensee (another licensee's id included).",
  405: "The resource does not offer this operation.",
  409: "The record changed since `version` was read, or its state refuses the change.",
  429: "Too many requests with this API key: retry after `Retry-After` seconds.",
};

export function errors(...statuses: number[]) {
  return Object.fromEntries(
    [401, 429, ...statuses].sort().map((status) => [
      String(status),
      { description: ERROR_TEXT[status], content: { "application/json": { schema: ApiErrorSchema } } },
    ]),
  );
}
