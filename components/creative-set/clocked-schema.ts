// A form schema rebuilt on each check, so rules about "the future" read the
// clock of that moment, not of the page's opening (the set form and the
// reschedule dialog). Issues keep their fields and messages.
import { z } from "zod";

export function clockedSchema(build: (now: Date) => z.ZodType) {
  return z.unknown().transform(async (values, ctx) => {
    const result = await build(new Date()).safeParseAsync(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/** A saved schedule of ISO text as the schema's Dates. */
export const savedSchedule = (saved: { startTime: string | null; endTime: string | null }) => ({
  startTime: saved.startTime ? new Date(saved.startTime) : null,
  endTime: saved.endTime ? new Date(saved.endTime) : null,
});
