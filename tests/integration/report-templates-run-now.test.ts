// "Run now" is rate limited through the shared limiter (the RateLimit table,
// all containers): at most REPORT_RUN_NOW_PER_TEMPLATE runs per template and
// REPORT_RUN_NOW_PER_USER per user within their windows. Past it the REST API
// answers 429 with Retry-After and the page's action a message; nothing is
// queued or audited. Another licensee's calls (404) use up nothing.
import "../helpers/report-template-doubles";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { runReportTemplateNowAction } from "@/lib/report-templates/actions";
import { scopeOf } from "@/lib/data/scope";
import { createReportTemplate } from "@/lib/report-templates/mutations";
import { useTestDatabase } from "../helpers/db";
import { useEnv } from "../helpers/env";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";
import { dailyTemplate, readWriteKey, reportingTenant } from "../helpers/report-templates";
import { clearEnqueueEachTest, enqueueMock } from "../helpers/job-queue";
import { requireSessionMock } from "../helpers/session-mock";

useTestDatabase();
clearEnqueueEachTest();

async function world() {
  const tenant = await reportingTenant();
  const saveTemplate = (name: string) => createReportTemplate(scopeOf(tenant.ctx), dailyTemplate(tenant.user.email, name));
  const key = await readWriteKey(tenant.ctx);
  requireSessionMock.mockResolvedValue(tenant.ctx);
  return { ...tenant, saveTemplate, key };
}

const runRequests = (templateId: number) => db.activityLog.count({ where: { entityType: "REPORT_TEMPLATE", entityId: templateId, message: "Report run requested" } });

test("the 4th quick Run now of a template answers 429 with Retry-After through the API; another licensee's calls use up nothing", async () => {
  const w = await world();
  const saved = await w.saveTemplate("Daily campaigns");
  const other = await f.makeTenant("RW");
  const otherKey = (await createApiKey(scopeOf(other.ctx), { name: "other", scope: "READ_WRITE" })).secret;
  for (let i = 0; i < 5; i++) expect((await callApi("POST", `/report-templates/${saved.id}/run`, otherKey)).status).toBe(404);

  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await callApi("POST", `/report-templates/${saved.id}/run`, w.key)).status);
  expect(statuses).toEqual([200, 200, 200]);
  const refused = await callApi("POST", `/report-templates/${saved.id}/run`, w.key);
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect((refused.body as { error: { message: string } }).error.message).toMatch(/^This report can be run now at most 3 times in 10 minutes\. Try again in \d+ minutes?\.$/);
  expect(enqueueMock).toHaveBeenCalledTimes(3);
  expect(await runRequests(saved.id)).toBe(3);
});

test("past the limit the page's Run now answers a message and queues nothing", async () => {
  const w = await world();
  const first = await w.saveTemplate("First");
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await runReportTemplateNowAction({ id: first.id }));
  expect(results.slice(0, 3).map((r) => r.ok)).toEqual([true, true, true]);
  expect(results[3]).toEqual({ ok: false, status: 429, formError: expect.stringMatching(/^This report can be run now at most 3 times in 10 minutes\. Try again in/) });
  expect(await runRequests(first.id)).toBe(3);
  expect(enqueueMock).toHaveBeenCalledTimes(3);
});

describe("with 4 runs per user", () => {
  useEnv({ REPORT_RUN_NOW_PER_USER: "4" });

  test("the user's 5th Run now, of another template, is refused with the per-user message", async () => {
    const w = await world();
    const [a, b] = [await w.saveTemplate("A"), await w.saveTemplate("B")];
    for (const t of [a, a, a, b]) expect((await runReportTemplateNowAction({ id: t.id })).ok).toBe(true);
    expect(await runReportTemplateNowAction({ id: b.id })).toEqual({ ok: false, status: 429, formError: expect.stringMatching(/^You can run reports now at most 4 times in 60 minutes\. Try again in \d+ minutes\.$/) });
    const api = await callApi("POST", `/report-templates/${b.id}/run`, w.key);
    // The user's window (an hour), not the template's (10 minutes).
    expect([api.status, Number(api.headers.get("retry-after")) > 600]).toEqual([429, true]);
    expect(enqueueMock).toHaveBeenCalledTimes(4);
  });
});
