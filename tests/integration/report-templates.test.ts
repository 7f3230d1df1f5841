// Report templates and their schedules (lib/report-templates): saving,
// editing with a version check, pausing; the runner e-mails each slot once
// even when two runners sweep at the same moment, with the report of the
// days before the slot attached; a creator's role decides the metrics; a
// run history records every outcome; other licensees' templates are not found.
import { db } from "@/lib/db";
import type { MailMessage } from "@/lib/mail";
import { refreshStrategyRollup } from "@/lib/metrics/rollup";
import { executeAction } from "@/lib/actions/define-action";
import { scopeOf } from "@/lib/data/scope";
import { createReportTemplateAction, pauseReportTemplateAction, runReportTemplateNowAction } from "@/lib/report-templates/actions";
import { createReportTemplate, deleteReportTemplate, setReportTemplatePaused, updateReportTemplate } from "@/lib/report-templates/mutations";
import { getReportTemplateOrThrow, storedDefinition } from "@/lib/report-templates/queries";
import { runDueReportTemplates, runTemplateSlot } from "@/lib/report-templates/runner";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

const t = useTestDatabase();

async function world() {
  await f.makeUtcTimezone();
  const tenant = await f.makeTenant("RW");
  // The recipients below are at example.com: a domain this licensee's operators allow.
  await db.licensee.update({ where: { id: tenant.licensee.id }, data: { reportRecipientDomains: ["example.com"] } });
  const advertiser = await f.makeAdvertiser(tenant.licensee.id);
  const campaign = await f.makeCampaign(advertiser, { name: "Spring Sale" });
  const strategy = await f.makeStrategy(campaign);
  const creative = await f.makeCreative(advertiser);
  const hour = (iso: string, impressions: number, revenue: string) => ({
    hour: new Date(iso), licenseeId: strategy.licenseeId, advertiserId: strategy.advertiserId, campaignId: strategy.campaignId, strategyId: strategy.id,
    creativeId: creative.id, impressions: BigInt(impressions), clicks: BigInt(Math.floor(impressions / 100)), revenue, cost: "1",
  });
  // 31 March is the day before the 1 April slot; 30 March is outside a one-day window.
  await db.deliveryHourly.createMany({ data: [hour("2024-03-31T10:00:00Z", 1200, "6"), hour("2024-03-30T10:00:00Z", 999, "9")] });
  await refreshStrategyRollup(t.handle.raw);
  return { ...tenant, campaign };
}

const template = (overrides: Record<string, unknown> = {}) => ({
  name: "Daily campaigns",
  reportType: "advanced",
  definition: { dimensions: ["campaign"], metrics: ["impressions", "revenue", "cost"], from: "2024-01-01", to: "2024-01-01", timezoneId: 805 },
  schedule: { frequency: "DAILY", timeOfDay: "09:00", recipients: "ops@example.com, boss@example.com", fileFormat: "CSV" },
  ...overrides,
});

function mailbox() {
  const sent: MailMessage[] = [];
  return { sent, mailer: async (m: MailMessage) => void sent.push(m) };
}

test("a saved schedule's next run is the next local 09:00; the runner mails each slot once, even with two runners", async () => {
  const w = await world();
  const saved = await createReportTemplate(scopeOf(w.ctx), template(), new Date("2024-03-31T12:00:00Z"));
  expect(saved.nextRunAt).toBe("2024-04-01T09:00:00.000Z");
  expect(saved.schedule?.recipients).toEqual(["ops@example.com", "boss@example.com"]);

  const box = mailbox();
  const now = new Date("2024-04-01T09:00:30Z");
  const outcomes = await Promise.all([runDueReportTemplates(now, box), runDueReportTemplates(now, box)]);
  expect(outcomes.flat().filter((o) => o === "SENT")).toHaveLength(1);
  expect(box.sent.map((m) => m.to)).toEqual(["ops@example.com", "boss@example.com"]);
  const csv = box.sent[0].attachments?.[0].content.toString("utf8") ?? "";
  // The day before the slot only: 31 March's 1,200 impressions, not 30 March's.
  expect(box.sent[0].subject).toBe("Daily campaigns (2024-03-31 to 2024-03-31)");
  expect(csv).toContain("Spring Sale");
  expect(csv).toMatch(/1200/);
  expect(csv).not.toMatch(/2199/);

  const after = await getReportTemplateOrThrow(w.ctx, saved.id);
  expect(after.nextRunAt).toBe("2024-04-02T09:00:00.000Z");
  expect(after.runs.map((r) => [r.status, r.rows, r.manual])).toEqual([["SENT", 1, false]]);
  // Sweeping again before the next slot sends nothing.
  expect(await runDueReportTemplates(new Date("2024-04-01T09:05:00Z"), box)).toEqual([]);
  expect(box.sent).toHaveLength(2);
});

test("a read-only creator's file lacks the metrics read-only users may not see; a creator without access gets a FAILED run", async () => {
  const w = await world();
  const saved = await createReportTemplate(scopeOf(w.ctx), template(), new Date("2024-03-31T12:00:00Z"));
  await db.membership.updateMany({ where: { userId: w.user.id }, data: { role: "RO" } });
  const box = mailbox();
  expect(await runTemplateSlot({ templateId: saved.id, licenseeId: w.licensee.id, slot: new Date("2024-04-01T09:00:00Z"), manual: false }, box)).toBe("SENT");
  const header = (box.sent[0].attachments?.[0].content.toString("utf8") ?? "").split(/\r?\n/)[0];
  expect(header).toMatch(/Impressions/);
  expect(header).not.toMatch(/Media Cost|Cost/);

  await db.membership.deleteMany({ where: { userId: w.user.id } });
  expect(await runTemplateSlot({ templateId: saved.id, licenseeId: w.licensee.id, slot: new Date("2024-04-02T09:00:00Z"), manual: false }, box)).toBe("FAILED");
  const runs = await db.reportRun.findMany({ where: { templateId: saved.id }, orderBy: { slot: "asc" } });
  expect(runs.map((r) => r.status)).toEqual(["SENT", "FAILED"]);
  expect(runs[1].error).toBeTruthy();
});

test("edit is version-checked; pause stops the schedule and resume starts from the next slot; delete hides it; RO and other licensees are refused", async () => {
  const w = await world();
  const saved = await createReportTemplate(scopeOf(w.ctx), template(), new Date("2024-03-31T12:00:00Z"));
  const edited = await updateReportTemplate(scopeOf(
    w.ctx),
    { id: saved.id, version: saved.version, name: "Weekly campaigns", schedule: { frequency: "WEEKLY", dayOfWeek: 1, timeOfDay: "08:30", recipients: "ops@example.com", fileFormat: "XLSX" } },
    new Date("2024-03-31T12:00:00Z"),
  );
  expect(edited.name).toBe("Weekly campaigns");
  expect(edited.nextRunAt).toBe("2024-04-01T08:30:00.000Z"); // Monday
  await expect(updateReportTemplate(scopeOf(w.ctx), { id: saved.id, version: saved.version, name: "Stale", schedule: null })).rejects.toThrow(ConflictError);

  const paused = await setReportTemplatePaused(scopeOf(w.ctx), { id: saved.id, version: edited.version, paused: true });
  expect([paused.paused, paused.nextRunAt]).toEqual([true, null]);
  const box = mailbox();
  expect(await runDueReportTemplates(new Date("2024-04-08T09:00:00Z"), box)).toEqual([]);
  const resumed = await setReportTemplatePaused(scopeOf(w.ctx), { id: saved.id, version: paused.version, paused: false }, new Date("2024-04-03T00:00:00Z"));
  expect(resumed.nextRunAt).toBe("2024-04-08T08:30:00.000Z");

  const log = await db.activityLog.findMany({ where: { entityType: "REPORT_TEMPLATE", entityId: saved.id }, orderBy: { id: "asc" }, include: { fields: true } });
  expect(log.map((l) => l.action)).toEqual(["CREATE", "UPDATE", "UPDATE", "UPDATE"]);
  expect(log[1].fields.find((x) => x.fieldName === "schedule")).toMatchObject({ oldValue: "Daily at 09:00 (UTC)", newValue: "Weekly on Monday at 08:30 (UTC)" });

  const ro = await f.makeUser("ro.templates@example.com", [{ licenseeId: w.licensee.id, role: "RO" }]);
  const roCtx = await f.ctxFor(ro.id, w.licensee.id);
  expect((await getReportTemplateOrThrow(roCtx, saved.id)).name).toBe("Weekly campaigns");
  await expect(executeAction(createReportTemplateAction.definition, roCtx, template())).rejects.toThrow(ForbiddenError);
  await expect(executeAction(pauseReportTemplateAction.definition, roCtx, { id: saved.id, version: resumed.version, paused: true })).rejects.toThrow(ForbiddenError);
  await expect(executeAction(runReportTemplateNowAction.definition, roCtx, { id: saved.id })).rejects.toThrow(ForbiddenError);

  const other = await f.makeTenant("RW");
  await expect(getReportTemplateOrThrow(other.ctx, saved.id)).rejects.toThrow(NotFoundError);
  await expect(deleteReportTemplate(scopeOf(other.ctx), { id: saved.id, version: resumed.version })).rejects.toThrow(NotFoundError);

  await deleteReportTemplate(scopeOf(w.ctx), { id: saved.id, version: resumed.version });
  await expect(getReportTemplateOrThrow(w.ctx, saved.id)).rejects.toThrow(NotFoundError);
  expect(await runDueReportTemplates(new Date("2024-05-01T00:00:00Z"), box)).toEqual([]);
});

test("bad input changes nothing and names the field", async () => {
  const w = await world();
  const bad = await createReportTemplate(scopeOf(w.ctx), template({ name: "", schedule: { frequency: "MONTHLY", timeOfDay: "9", recipients: "nope" } })).catch((e: unknown) => e);
  const issues = (bad as { issues: Array<{ path: (string | number)[]; message: string }> }).issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  expect(issues).toEqual(expect.arrayContaining(["name: Name is required", "schedule.timeOfDay: Enter a time as HH:mm (00:00 to 23:59)", "schedule.recipients: Please enter a valid email: nope"]));
  expect(await db.reportTemplate.count()).toBe(0);
});

test("a template saved when reports offered 50 rows a page still reads and runs, with 25 (shell.md 9: 5, 10, 25, 100)", async () => {
  const w = await world();
  const saved = await createReportTemplate(scopeOf(w.ctx), template(), new Date("2024-03-31T12:00:00Z"));
  const row = await db.reportTemplate.findUniqueOrThrow({ where: { id: saved.id } });
  await db.reportTemplate.update({ where: { id: saved.id }, data: { definition: { ...(row.definition as Record<string, unknown>), pageSize: 50 } } });

  expect((await getReportTemplateOrThrow(w.ctx, saved.id)).definition.pageSize).toBe(25);
  expect(storedDefinition((await db.reportTemplate.findUniqueOrThrow({ where: { id: saved.id } })).definition).pageSize).toBe(25);
  const box = mailbox();
  expect(await runDueReportTemplates(new Date("2024-04-01T09:00:30Z"), box)).toEqual(["SENT"]);
  expect(box.sent[0].attachments?.[0].content.toString("utf8")).toContain("Spring Sale");
});
