// The SKAD target privileges call of shell.md 7 (lib/campaigns/skad.ts): its body and
// answer, shared by the operation (./rest.ts) and the OpenAPI document.
import { z } from "../validation/z";

/** The body of the privileges call: filters on the licensee (the caller's is the only one it may name). */
export const SkadPrivilegesQuerySchema = z
  .object({
    filters: z
      .array(z.object({ column: z.literal("licenseeId"), value: z.union([z.number().int(), z.string().regex(/^\d{1,10}$/)]) }).strict())
      .max(10)
      .default([]),
  })
  .strict();

export const SkadPrivilegesSchema = z.object({
  data: z.array(z.object({ licenseeId: z.number().int(), skadTargetAllowed: z.boolean() })),
});
