// Who may receive a licensee's scheduled reports: its users and addresses at
// the domains its operators allow (Licensee.reportRecipientDomains). Any other
// address is refused beside the recipients field on create and on update,
// through the mutation, the page's action and the REST API alike, and nothing
// is saved; allowed addresses pass whatever their case, while a sub-domain of
// an allowed domain or a user of another licensee does not. At send time the
// runner checks again: a recipient no longer allowed is skipped and the run's
// history names them; with nobody left the run fails and mails nobody.
import "../helpers/report-template-doubles";
import { db } from "@/lib/db";
import type { MailMessage } from "@/lib/mail";
import { createReportTemplateAction, updateReportTemplateAction } from "@/lib/report-templates/actions";
import { scopeOf } from "@/lib/data/scope";
import { createReportTemplate, updateReportTemplate } from "@/lib/report-templates/mutations";
import { getReportTemplateOrThrow } from "@/lib/report-templates/queries";
import { runTemplateSlot } from "@/lib/report-templates/runner";
import { getRecipientDomains, RecipientDomainsError, setRecipientDomains } from "@/lib/report-templates/recipient-domains";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { failureOf } from "../helpers/calls";
import { callApi } from "../helpers/rest-api";
import { DAILY_DEFINITION, dailySchedule, dailyTemplate, readWriteKey, reportingTenant } from "../helpers/report-templates";
import { requireSessionMock } from "../helpers/session-mock";

useTestDatabase();

const REFUSED = "Not a user of this licensee or an allowed domain";

/** Licensee A allowing partner.example, its RW user (with a key), a read-only colleague, and a user of licensee B. */
async function world() {
  const a = await reportingTenant();
  await db.licensee.update({ where: { id: a.licensee.id }, data: { reportRecipientDomains: ["partner.example"] } });
  const colleague = await f.makeUser("colleague@corp.example", [{ licenseeId: a.licensee.id, role: "RO" }]);
  const b = await f.makeTenant("RW");
  await f.makeUser("outsider@corp.example", [{ licenseeId: b.licensee.id, role: "RW" }]);
  const key = await readWriteKey(a.ctx);
  requireSessionMock.mockResolvedValue(a.ctx);
  return { ...a, colleague, key };
}

const subDomainOf = async (licenseeId: number) => (await db.theme.findUniqueOrThrow({ where: { licenseeId } })).subDomain;

/** The field errors of a refused call ("path: message"). */
function issuesOf(error: unknown): string[] {
  return (error as { issues: Array<{ path: (string | number)[]; message: string }> }).issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

test("create refuses addresses outside the licensee beside the recipients field (mutation, action, REST) and saves nothing", async () => {
  const w = await world();
  const outside = "x@evil.example, colleague@corp.example, y@mail.partner.example, outsider@corp.example";
  expect(issuesOf(await failureOf(createReportTemplate(scopeOf(w.ctx), dailyTemplate(outside))))).toEqual([
    `schedule.recipients: ${REFUSED}: x@evil.example, y@mail.partner.example, outsider@corp.example`,
  ]);

  const action = await createReportTemplateAction(dailyTemplate("boss@partner.example, x@evil.example") as never);
  expect(action).toEqual({ ok: false, status: 400, formError: expect.any(String), fieldErrors: { "schedule.recipients": `${REFUSED}: x@evil.example` } });

  const rest = await callApi("POST", "/report-templates", w.key, dailyTemplate("x@evil.example"));
  expect([rest.status, (rest.body as { error: { fieldErrors: object } }).error.fieldErrors]).toEqual([400, { "schedule.recipients": `${REFUSED}: x@evil.example` }]);
  expect(await db.reportTemplate.count()).toBe(0);
  expect(await db.activityLog.count({ where: { entityType: "REPORT_TEMPLATE" } })).toBe(0);
});

test("a user of the licensee and an address at an allowed domain are accepted, whatever their case", async () => {
  const w = await world();
  const saved = await createReportTemplate(scopeOf(w.ctx), dailyTemplate(`COLLEAGUE@Corp.Example, Boss@PARTNER.example, ${w.user.email}`));
  expect(saved.schedule?.recipients).toEqual(["colleague@corp.example", "boss@partner.example", w.user.email]);
  const rest = await callApi("POST", "/report-templates", w.key, { ...dailyTemplate("ops@partner.example"), name: "By the API" });
  expect(rest.status).toBe(201);
  // Without a schedule nothing is mailed: nothing to check.
  expect((await createReportTemplate(scopeOf(w.ctx), { name: "Plain", reportType: "advanced", definition: DAILY_DEFINITION })).schedule).toBeNull();
});

test("update refuses an outside address (mutation, action, REST) and keeps the template as it was", async () => {
  const w = await world();
  const saved = await createReportTemplate(scopeOf(w.ctx), dailyTemplate("boss@partner.example"));
  const before = await db.reportTemplate.findUniqueOrThrow({ where: { id: saved.id } });
  const edit = (recipients: string) => ({ id: saved.id, version: saved.version, name: "Edited", schedule: dailySchedule(recipients) });

  expect(issuesOf(await failureOf(updateReportTemplate(scopeOf(w.ctx), edit("boss@partner.example, x@evil.example"))))).toEqual([`schedule.recipients: ${REFUSED}: x@evil.example`]);
  const action = await updateReportTemplateAction(edit("x@evil.example") as never);
  expect(action.ok ? null : action.fieldErrors).toEqual({ "schedule.recipients": `${REFUSED}: x@evil.example` });
  const rest = await callApi("PATCH", `/report-templates/${saved.id}`, w.key, { version: saved.version, schedule: dailySchedule("a@evil.example") });
  expect([rest.status, (rest.body as { error: { fieldErrors: object } }).error.fieldErrors]).toEqual([400, { "schedule.recipients": `${REFUSED}: a@evil.example` }]);
  expect(await db.reportTemplate.findUniqueOrThrow({ where: { id: saved.id } })).toEqual(before);

  // The same edit with allowed recipients goes through.
  const edited = await updateReportTemplate(scopeOf(w.ctx), edit("colleague@corp.example"));
  expect([edited.name, edited.schedule?.recipients]).toEqual(["Edited", ["colleague@corp.example"]]);
});

test("at send time a recipient no longer allowed is skipped and the run says so; with nobody left the run fails and mails nobody", async () => {
  const w = await world();
  const saved = await createReportTemplate(scopeOf(w.ctx), dailyTemplate(`colleague@corp.example, boss@partner.example, ${w.user.email}`));
  // The colleague leaves the licensee; partner.example is no longer allowed.
  await db.membership.deleteMany({ where: { userId: w.colleague.id } });
  await setRecipientDomains(db, await subDomainOf(w.licensee.id), "");

  const sent: MailMessage[] = [];
  const mailer = async (m: MailMessage) => void sent.push(m);
  const slot = { templateId: saved.id, licenseeId: w.licensee.id, manual: false };
  expect(await runTemplateSlot({ ...slot, slot: new Date("2024-04-01T09:00:00Z") }, { mailer })).toBe("SENT");
  expect(sent.map((m) => m.to)).toEqual([w.user.email]);
  const [run] = (await getReportTemplateOrThrow(w.ctx, saved.id)).runs;
  expect([run.status, run.skippedRecipients]).toEqual(["SENT", ["colleague@corp.example", "boss@partner.example"]]);

  // A row saved before the rule (outside recipients only): nothing goes out.
  await db.reportTemplate.update({ where: { id: saved.id }, data: { recipients: ["x@evil.example", "y@evil.example"] } });
  expect(await runTemplateSlot({ ...slot, slot: new Date("2024-04-02T09:00:00Z") }, { mailer })).toBe("FAILED");
  expect(sent).toHaveLength(1);
  const latest = (await getReportTemplateOrThrow(w.ctx, saved.id)).runs[0];
  expect([latest.status, latest.skippedRecipients, latest.error]).toEqual(["FAILED", ["x@evil.example", "y@evil.example"], expect.stringMatching(/^No recipient may receive this report/)]);
});

test("operators set the allowed domains by sub-domain: lower-cased, unique, exact names only", async () => {
  const w = await world();
  const sub = await subDomainOf(w.licensee.id);
  expect(await setRecipientDomains(db, sub.toUpperCase(), " A.example, b.EXAMPLE ,a.example ")).toEqual({ licensee: w.licensee.name, subDomain: sub, reportRecipientDomains: ["a.example", "b.example"] });
  for (const bad of ["*.example.com", "@example.com", "https://example.com", "example", "-a.example", "a..example"]) {
    await expect(setRecipientDomains(db, sub, bad)).rejects.toThrow(RecipientDomainsError);
  }
  await expect(setRecipientDomains(db, "nobody", "a.example")).rejects.toThrow("no licensee with sub-domain nobody");
  expect((await getRecipientDomains(db, sub)).reportRecipientDomains).toEqual(["a.example", "b.example"]);
  expect((await setRecipientDomains(db, sub, "")).reportRecipientDomains).toEqual([]);
});
