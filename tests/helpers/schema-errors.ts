// Reading a zod schema's refusals the way the forms show them: one message per
// field, the first one, keyed by the field's path ("dynamicVideo.cta").
import type { z } from "zod";

/** The first message for each field path, or {} when the schema accepts the input. */
export function firstErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}
