// A form schema rebuilt on each check, so rules about "the future" read the
// clock of that moment, not of the page's opening (the campaign and creative
// set forms, the reschedule dialog). Issues keep their fields and messages.
import { z } from "@/lib/validation/z";

export function clockedSchema(build: (now: Date) => z.ZodType) {
  return z.unknown().transform(async (values, ctx) => {
    const result = await build(new Date()).safeParseAsync(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });
}
