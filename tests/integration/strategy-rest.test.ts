// The strategy resource of the REST API (/api/v1/strategies): create and
// update run the wizard's own action definitions (the whole strategy schema,
// every rule and message); a PATCH starts from the stored strategy as the
// wizard shows it; activate and deactivate go through the bulk status path.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { STRATEGY_CHANGE_MESSAGES } from "@/lib/strategies/mutations";
import { STRATEGY_MESSAGES as M } from "@/lib/strategies/rules";
import { useTestDatabase } from "../helpers/db";
import { callApi } from "../helpers/rest-api";
import { strategyInput, strategyWorld } from "./strategy-world";

useTestDatabase();

const respObject = (answer: { body: unknown }) => (answer.body as { respObject: Record<string, unknown> }).respObject;
const fieldErrors = (answer: { body: unknown }) => (answer.body as { error: { fieldErrors: unknown } }).error.fieldErrors;

test("POST creates with every step; PATCH keeps what it does not send, refuses the campaign, the type and stale versions", async () => {
  const w = await strategyWorld();
  const key = (await createApiKey(scopeOf(w.ctx), { name: "rest", scope: "READ_WRITE" })).secret;
  const created = await callApi("POST", "/strategies", key, strategyInput(w));
  expect(created.status).toBe(201);
  const view = respObject(created);
  expect(view).toMatchObject({
    name: "Prospecting EU", type: "MULTI_DEVICE", dailyAdvSpendBudget: "1234.56", cpaTarget: "12.5", bidCapMin: null, version: 1,
    pixelIds: [w.pixel.id], creativeIds: [w.creative.id], creativeSetIds: [w.set.id],
    targeting: expect.objectContaining({ targetGeographies: expect.objectContaining({ country: { targetList: ["DE", "FR"], blockedList: [] } }) }),
  });

  const patched = await callApi("PATCH", `/strategies/${view.id}`, key, { version: 1, dailyAdvSpendBudget: "99.5" });
  expect([patched.status, respObject(patched)]).toEqual([
    200,
    expect.objectContaining({ name: "Prospecting EU", dailyAdvSpendBudget: "99.5", cpaTarget: "12.5", pixelIds: [w.pixel.id], version: 2, targeting: view.targeting }),
  ]);
  const logs = await db.activityLog.findMany({ where: { entityType: "STRATEGY", action: "UPDATE" }, include: { fields: true } });
  expect(logs.map((l) => l.fields.map((x) => [x.fieldName, x.oldValue, x.newValue]))).toEqual([[["Daily Advertiser Spend Budget", "1234.56", "99.5"]]]);

  const stale = await callApi("PATCH", `/strategies/${view.id}`, key, { version: 1, name: "Late" });
  expect([stale.status, JSON.stringify(stale.body)]).toEqual([409, expect.stringContaining(STRATEGY_CHANGE_MESSAGES.staleVersion)]);
  expect(fieldErrors(await callApi("PATCH", `/strategies/${view.id}`, key, { version: 2, campaignId: w.campaign.id }))).toEqual({ campaignId: "campaignId cannot be changed here" });
  expect(fieldErrors(await callApi("PATCH", `/strategies/${view.id}`, key, { version: 2, type: "CTV_OTT" }))).toMatchObject({ type: M.typeNotEditable });
  expect(fieldErrors(await callApi("POST", "/strategies", key, strategyInput(w, { fcapInterval: "200" })))).toMatchObject({ fcapInterval: M.fcapIntervalRange });

  const off = await callApi("POST", `/strategies/${view.id}/deactivate`, key);
  expect([off.status, respObject(off).active]).toEqual([200, false]);
});
