// Data of /report/schedule/details/{id}: the session, the template of the
// route with its run history, whether the user may change it, the user's
// timezone for the times shown, and who may receive the licensee's reports. A missing, malformed or other
// licensee's id renders the 404 page.
import "server-only";
import { notFound } from "next/navigation";
import { canWrite } from "../auth/roles";
import { NotFoundError } from "../errors";
import { requireConsoleSession } from "../auth/request";
import { getUserTimeSettings } from "../user-settings/queries";
import { getReportTemplateOrThrow, recipientRuleFor, type ReportTemplateDetails } from "./queries";

export async function reportTemplateForPage(id: string) {
  const ctx = await requireConsoleSession();
  let template: ReportTemplateDetails;
  try {
    template = await getReportTemplateOrThrow(ctx, id);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
  const { iana } = await getUserTimeSettings(ctx);
  return { template, canWrite: canWrite(ctx.role), timeZone: iana, recipientRule: await recipientRuleFor(ctx) };
}
