// A report template's Pause, Resume and Run now through the REST API (POST
// /api/v1/report-templates/{id}/pause, /resume, /run): the details page's own
// actions for a key's caller. Pause and resume change the schedule with an
// activity row each; run now records its request and queues the run the job
// then e-mails, as the page's button does; read-only keys, read-only users and
// other licensees change nothing (403 / 404).
import "../helpers/browser-doubles";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import type { MailMessage } from "@/lib/mail";
import { scopeOf } from "@/lib/data/scope";
import { createReportTemplate } from "@/lib/report-templates/mutations";
import { runTemplateSlot } from "@/lib/report-templates/runner";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";
import { dailyTemplate, readWriteKey, reportingTenant } from "../helpers/report-templates";
import { clearEnqueueEachTest, enqueueMock } from "../helpers/job-queue";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn(async () => "job-id") }));

useTestDatabase();
clearEnqueueEachTest();

async function world() {
  const tenant = await reportingTenant();
  // The recipients below are at example.com: a domain this licensee's operators allow.
  await db.licensee.update({ where: { id: tenant.licensee.id }, data: { reportRecipientDomains: ["example.com"] } });
  const saved = await createReportTemplate(scopeOf(tenant.ctx), dailyTemplate("ops@example.com, boss@example.com"));
  const key = await readWriteKey(tenant.ctx);
  return { ...tenant, saved, key };
}

type Template = { id: number; version: number; paused: boolean; nextRunAt: string | null };
const respObject = <T>(answer: { body: unknown }) => (answer.body as { respObject: T }).respObject;

/** What a refused call must leave as it was: the template's row, its activity rows, its runs. */
async function stateOf(id: number) {
  return {
    template: await db.reportTemplate.findUniqueOrThrow({ where: { id }, select: { version: true, paused: true, nextRunAt: true } }),
    activity: await db.activityLog.count({ where: { entityType: "REPORT_TEMPLATE", entityId: id } }),
    runs: await db.reportRun.count({ where: { templateId: id } }),
  };
}

test("pause then resume through the API change the schedule, each with its activity row as the key's user; a stale version is 409", async () => {
  const w = await world();
  const paused = await callApi("POST", `/report-templates/${w.saved.id}/pause`, w.key, { version: w.saved.version });
  expect(paused.status).toBe(200);
  expect(respObject<Template>(paused)).toMatchObject({ id: w.saved.id, paused: true, nextRunAt: null, version: w.saved.version + 1 });

  const stale = await callApi("POST", `/report-templates/${w.saved.id}/resume`, w.key, { version: w.saved.version });
  expect([stale.status, (stale.body as { error: { message: string } }).error.message]).toEqual([409, "This report template was changed by someone else. Reload to see their changes."]);

  const resumed = await callApi("POST", `/report-templates/${w.saved.id}/resume`, w.key, { version: w.saved.version + 1 });
  expect(resumed.status).toBe(200);
  const after = respObject<Template>(resumed);
  expect([after.paused, after.version]).toEqual([false, w.saved.version + 2]);
  expect(Date.parse(after.nextRunAt ?? "")).toBeGreaterThan(Date.now());

  const log = await db.activityLog.findMany({ where: { entityType: "REPORT_TEMPLATE", entityId: w.saved.id }, orderBy: { id: "asc" }, include: { fields: true } });
  expect(log.map((l) => [l.action, l.message, l.userId])).toEqual([
    ["CREATE", expect.any(String), w.user.id],
    ["UPDATE", "Report schedule paused", w.user.id],
    ["UPDATE", "Report schedule resumed", w.user.id],
  ]);
  expect(log[1].fields.find((x) => x.fieldName === "paused")).toMatchObject({ oldValue: "false", newValue: "true" });

  // A body without a version is the action's field error, and a template without a schedule cannot be paused.
  const noVersion = await callApi("POST", `/report-templates/${w.saved.id}/pause`, w.key, {});
  expect([noVersion.status, Object.keys((noVersion.body as { error: { fieldErrors: object } }).error.fieldErrors)]).toEqual([400, ["version"]]);
  const unscheduled = await createReportTemplate(scopeOf(w.ctx), { name: "No schedule", reportType: "advanced", definition: { dimensions: ["campaign"], metrics: ["impressions"], from: "2024-01-01", to: "2024-01-01", timezoneId: 805 } });
  const refused = await callApi("POST", `/report-templates/${unscheduled.id}/pause`, w.key, { version: unscheduled.version });
  expect([refused.status, (refused.body as { error: { message: string } }).error.message]).toEqual([409, "This template has no schedule."]);
});

test("run now through the API records the request and queues the manual run the job then e-mails, without moving the schedule", async () => {
  const w = await world();
  const answer = await callApi("POST", `/report-templates/${w.saved.id}/run`, w.key);
  expect(answer.status).toBe(200);
  const requested = respObject<{ id: number; slot: string }>(answer);
  expect(requested).toEqual({ id: w.saved.id, slot: expect.any(String) });

  // Queued after the request committed, with the payload the page's Run now queues.
  expect(enqueueMock).toHaveBeenCalledTimes(1);
  expect(enqueueMock).toHaveBeenCalledWith("report-template-run", { templateId: w.saved.id, licenseeId: w.licensee.id, slot: requested.slot, manual: true });
  const log = await db.activityLog.findFirst({ where: { entityType: "REPORT_TEMPLATE", entityId: w.saved.id, message: "Report run requested" }, include: { fields: true } });
  expect([log?.userId, log?.fields.map((x) => [x.fieldName, x.newValue])]).toEqual([w.user.id, [["run", requested.slot]]]);

  // The job (lib/job-runner/definitions.ts) runs that payload: a manual run in the history, mailed to the recipients.
  const data = enqueueMock.mock.calls[0][1] as { templateId: number; licenseeId: number; slot: string; manual: boolean };
  const sent: MailMessage[] = [];
  expect(await runTemplateSlot({ ...data, slot: new Date(data.slot) }, { mailer: async (m) => void sent.push(m) })).toBe("SENT");
  expect(sent.map((m) => m.to)).toEqual(["ops@example.com", "boss@example.com"]);
  const runs = await db.reportRun.findMany({ where: { templateId: w.saved.id } });
  expect(runs.map((r) => [r.status, r.manual, r.slot.toISOString()])).toEqual([["SENT", true, requested.slot]]);
  const template = await db.reportTemplate.findUniqueOrThrow({ where: { id: w.saved.id } });
  expect(template.nextRunAt?.toISOString()).toBe(w.saved.nextRunAt);
});

test("read-only keys, read-only users' keys and other licensees' keys are refused (403 / 404) and change nothing", async () => {
  const w = await world();
  const readOnlyKey = (await createApiKey(scopeOf(w.ctx), { name: "ro", scope: "READ_ONLY" })).secret;
  // The key is made while the user may make one; then the user becomes read-only (a key acts with the user's current role).
  const ro = await f.makeUser("ro.template-api@example.com", [{ licenseeId: w.licensee.id, role: "RW" }]);
  const roUserKey = (await createApiKey(scopeOf(await f.ctxFor(ro.id, w.licensee.id)), { name: "ro user", scope: "READ_WRITE" })).secret;
  await db.membership.updateMany({ where: { userId: ro.id }, data: { role: "RO" } });
  const other = await f.makeTenant("RW");
  const otherKey = (await createApiKey(scopeOf(other.ctx), { name: "other", scope: "READ_WRITE" })).secret;

  const before = await stateOf(w.saved.id);
  const calls = [
    ["pause", { version: w.saved.version }],
    ["resume", { version: w.saved.version }],
    ["run", undefined],
  ] as const;
  for (const [verb, body] of calls) {
    const path = `/report-templates/${w.saved.id}/${verb}`;
    expect([verb, (await callApi("POST", path, readOnlyKey, body)).status]).toEqual([verb, 403]);
    expect([verb, (await callApi("POST", path, roUserKey, body)).status]).toEqual([verb, 403]);
    const foreign = await callApi("POST", path, otherKey, body);
    expect([verb, foreign.status, JSON.stringify(foreign.body).includes("Daily campaigns")]).toEqual([verb, 404, false]);
    expect([verb, (await callApi("POST", `/report-templates/999999/${verb}`, w.key, body)).status]).toEqual([verb, 404]);
  }
  expect(await stateOf(w.saved.id)).toEqual(before);
  expect(enqueueMock).not.toHaveBeenCalled();
});
