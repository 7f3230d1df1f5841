// Runs scheduled reports: the `report-template-sweep` job (every minute)
// finds templates whose nextRunAt has come and runs each slot; `report-
// template-run` runs one asked for with "Run now".
//
// One e-mail per slot, however many containers run the sweep: a run first
// claims its slot by inserting ReportRun (templateId, slot), unique, and only
// the runner whose insert went in renders and sends. The same transaction
// moves nextRunAt on (compare-and-set on the slot it claimed), so a runner
// that loses the race, or one that died after claiming, never holds the
// schedule back. Slots missed while no runner ran are skipped: the next slot
// is the first after now, not a burst of late e-mails.
//
// A run acts as the template's creator as their account stands now
// (memberContext re-reads membership and role): a creator who lost access
// gets a FAILED run, and a read-only creator's file lacks the metrics they
// may not see.
//
// Each recipient is checked again before anything is sent (./recipient-check.ts):
// one who is no longer a user of the licensee nor at one of its allowed
// domains (a domain removed, a user who left, a row saved before the rule) is
// skipped, and the run says so (skippedRecipients); with nobody left the run
// FAILED. A file too large to attach is linked instead (./delivery.ts).
import { db } from "../db";
import { configuredMailer, type Mailer } from "../mail";
import { memberContext } from "../jobs/member-context";
import { log } from "../log";
import { storedDefinition } from "./queries";
import { REPORT_TYPE_LABELS, type ReportType } from "./schema";
import { nextSlotAfter, runWindow } from "./slots";
import { renderReportFile } from "./render";
import { checkRecipients } from "./recipient-check";
import { reportMailContent } from "./delivery";
import { DEFAULT_SUBDOMAIN } from "../tenancy/subdomain";

export type RunOutcome = "SENT" | "FAILED" | "SKIPPED";

const NOBODY_ALLOWED = "No recipient may receive this report: none is a user of this licensee or at an allowed domain.";

interface Claim {
  runId: number;
}

/** Claims a slot for this runner and moves the schedule on, in one transaction; null: another runner has it. */
async function claimSlot(templateId: number, slot: Date, manual: boolean, now: Date): Promise<Claim | null> {
  return db.$transaction(async (tx) => {
    const inserted = await tx.$queryRaw<Array<{ id: number }>>`
      INSERT INTO "ReportRun" ("templateId", "slot", "manual") VALUES (${templateId}, ${slot}, ${manual})
      ON CONFLICT ("templateId", "slot") DO NOTHING RETURNING id`;
    if (!manual) {
      const t = await tx.reportTemplate.findUnique({ where: { id: templateId } });
      if (t?.frequency && t.timezone && t.nextRunAt?.getTime() === slot.getTime()) {
        const schedule = { frequency: t.frequency, timeOfDay: t.timeOfDay ?? "00:00", dayOfWeek: t.dayOfWeek, dayOfMonth: t.dayOfMonth };
        const after = new Date(Math.max(slot.getTime(), now.getTime()));
        await tx.reportTemplate.updateMany({ where: { id: templateId, nextRunAt: slot }, data: { nextRunAt: nextSlotAfter(schedule, t.timezone, after) } });
      }
    }
    return inserted[0] ? { runId: Number(inserted[0].id) } : null;
  });
}

async function finish(runId: number, data: { status: "SENT" | "FAILED"; rows?: number; error?: string; skippedRecipients?: string[]; fileKey?: string | null }) {
  await db.reportRun.update({ where: { id: runId }, data: { ...data, error: data.error?.slice(0, 500), finishedAt: new Date() } });
}

/** Runs one slot of one template: claim, render, e-mail each recipient, record the outcome. */
export async function runTemplateSlot(
  input: { templateId: number; licenseeId: number; slot: Date; manual: boolean },
  deps: { mailer?: Mailer; now?: Date } = {},
): Promise<RunOutcome> {
  const now = deps.now ?? new Date();
  const template = await db.reportTemplate.findFirst({ where: { id: input.templateId, licenseeId: input.licenseeId, isArchived: false } });
  if (!template || !template.frequency || template.recipients.length === 0) return "SKIPPED";
  if (!input.manual && template.paused) return "SKIPPED";
  const claim = await claimSlot(template.id, input.slot, input.manual, now);
  if (!claim) return "SKIPPED";
  // Recorded whatever happens next: a failed run still says whom it skipped and where its stored file is.
  let skippedRecipients: string[] = [];
  let fileKey: string | null = null;
  try {
    const { rule, refused } = await checkRecipients(db, template.licenseeId, template.recipients);
    skippedRecipients = refused;
    const recipients = template.recipients.filter((r) => !refused.includes(r));
    if (recipients.length === 0) throw new Error(NOBODY_ALLOWED);
    const ctx = await memberContext(template.createdById, template.licenseeId);
    const saved = storedDefinition(template.definition);
    const timezone = template.timezone ?? "UTC";
    const window = runWindow(saved, timezone, input.slot);
    const file = await renderReportFile(ctx, { ...saved, ...window }, template.fileFormat, template.name);
    const theme = await db.theme.findUnique({ where: { licenseeId: template.licenseeId }, select: { subDomain: true } });
    const owner = { licenseeId: template.licenseeId, licenseeName: rule.licenseeName, subDomain: theme?.subDomain ?? DEFAULT_SUBDOMAIN, templateId: template.id };
    const content = await reportMailContent(file, owner);
    fileKey = content.fileKey;
    const mailer = deps.mailer ?? configuredMailer();
    const title = `${REPORT_TYPE_LABELS[template.reportType as ReportType] ?? "Report"}: ${template.name}`;
    for (const to of recipients) {
      await mailer({
        to,
        subject: `${template.name} (${window.from} to ${window.to})`,
        text: `${title}\nDays ${window.from} to ${window.to} (${timezone}), ${content.fileText}\n\nScheduled in Report Templates and Scheduling.`,
        attachments: content.attachments,
      });
    }
    await finish(claim.runId, { status: "SENT", rows: file.rows, skippedRecipients, fileKey });
    return "SENT";
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    log.warn("scheduled report failed", { templateId: template.id, error: message });
    await finish(claim.runId, { status: "FAILED", error: message, skippedRecipients, fileKey });
    return "FAILED";
  }
}

/** The sweep: every due slot of every licensee's templates. Returns what each run did. */
export async function runDueReportTemplates(now = new Date(), deps: { mailer?: Mailer } = {}): Promise<RunOutcome[]> {
  const due = await db.reportTemplate.findMany({
    where: { nextRunAt: { lte: now }, paused: false, isArchived: false, frequency: { not: null } },
    select: { id: true, licenseeId: true, nextRunAt: true },
    orderBy: { nextRunAt: "asc" },
    take: 50,
  });
  const outcomes: RunOutcome[] = [];
  for (const t of due) {
    if (!t.nextRunAt) continue;
    outcomes.push(await runTemplateSlot({ templateId: t.id, licenseeId: t.licenseeId, slot: t.nextRunAt, manual: false }, { ...deps, now }));
  }
  return outcomes;
}
