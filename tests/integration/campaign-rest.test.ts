// The campaign resource of the REST API (/api/v1/campaigns): create and
// update run the console's own action definitions, with the form's rules and
// messages; a PATCH starts from the stored campaign as its edit form shows it.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { CAMPAIGN_CHANGE_MESSAGES } from "@/lib/campaigns/mutations";
import { CAMPAIGN_MESSAGES } from "@/lib/campaigns/schema";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";

useTestDatabase();

const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

describe("REST", () => {
  test("POST creates, PATCH keeps what it does not send and refuses the advertiser and stale versions", async () => {
    const { ctx, licensee } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const key = (await createApiKey(scopeOf(ctx), { name: "rest", scope: "READ_WRITE" })).secret;
    const pixel = await f.makePixel(advertiser);
    const body = {
      advertiserId: advertiser.id, name: "By API", objective: "WEBSITE", pixelId: pixel.id, startTime: inDays(2), endTime: -1,
      pricingType: "MARGIN", pricingValue: "25", dailyAdvSpendBudget: "1000", dailyBudget: "750", budgetPacing: true, pacingOption: "LIFETIME_ASAP",
    };
    const created = await callApi("POST", "/campaigns", key, body);
    expect(created.status).toBe(201);
    const view = (created.body as { respObject: Record<string, unknown> }).respObject;
    expect(view).toMatchObject({ name: "By API", pricingValue: "0.25", dailyBudget: "750", endTime: null, budgetPacing: true, flowRate: "1", version: 1 });

    const patched = await callApi("PATCH", `/campaigns/${view.id}`, key, { version: 1, dailyBudget: "1234.56" });
    expect([patched.status, (patched.body as { respObject: unknown }).respObject]).toEqual([
      200,
      expect.objectContaining({ name: "By API", pricingValue: "0.25", dailyBudget: "1234.56", flowRate: "1", version: 2 }),
    ]);
    const logs = await db.activityLog.findMany({ where: { entityType: "CAMPAIGN", action: "UPDATE" }, include: { fields: true } });
    expect(logs.map((l) => l.fields.map((x) => [x.fieldName, x.oldValue, x.newValue]))).toEqual([[["dailyBudget", "750", "1234.56"]]]);

    const stale = await callApi("PATCH", `/campaigns/${view.id}`, key, { version: 1, name: "Late" });
    expect([stale.status, JSON.stringify(stale.body)]).toEqual([409, expect.stringContaining(CAMPAIGN_CHANGE_MESSAGES.staleVersion)]);
    const moved = await callApi("PATCH", `/campaigns/${view.id}`, key, { version: 2, advertiserId: advertiser.id });
    expect((moved.body as { error: { fieldErrors: unknown } }).error.fieldErrors).toEqual({ advertiserId: "advertiserId cannot be changed here" });
    const invalid = await callApi("POST", "/campaigns", key, { ...body, pricingType: "CPA", pixelId: null });
    expect((invalid.body as { error: { fieldErrors: unknown } }).error.fieldErrors).toMatchObject({ pixelId: CAMPAIGN_MESSAGES.pixelRequiredForCpa });
  });
});

describe("SKAD target privileges (shell.md 7)", () => {
  test("answers the caller's licensee's privilege; another licensee is not found; a bad filter is 400 (without a key: 401, tests/integration/openapi.test.ts)", async () => {
    const { ctx, licensee } = await f.makeTenant();
    const other = await f.makeTenant();
    const key = (await createApiKey(scopeOf(ctx), { name: "skad", scope: "READ_WRITE" })).secret;
    const privileges = (answer: { body: unknown }) => (answer.body as { respObject: unknown }).respObject;

    const none = await callApi("POST", "/skad-target-privileges", key, {});
    expect([none.status, privileges(none)]).toEqual([200, { data: [{ licenseeId: licensee.id, skadTargetAllowed: false }] }]);
    await db.licensee.update({ where: { id: licensee.id }, data: { skadTargetAllowed: true } });
    const granted = await callApi("POST", "/skad-target-privileges", key, { filters: [{ column: "licenseeId", value: String(licensee.id) }] });
    expect([granted.status, privileges(granted)]).toEqual([200, { data: [{ licenseeId: licensee.id, skadTargetAllowed: true }] }]);

    expect((await callApi("POST", "/skad-target-privileges", key, { filters: [{ column: "licenseeId", value: other.licensee.id }] })).status).toBe(404);
    expect((await callApi("POST", "/skad-target-privileges", key, { filters: [{ column: "name", value: "x" }] })).status).toBe(400);
  });
});
