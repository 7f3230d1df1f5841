// Strategy templates and the strategy clone in the REST API: with a
// read-write key a template is created from a strategy (the view's goal,
// totalUsage, createdBy.name and 'Saved From'), listed, counted when used,
// and deleted; a strategy is cloned into another campaign of its advertiser
// (inactive, audited as the key's user) and refused into another
// advertiser's; read-only keys get 403 and other licensees 404, and neither
// changes anything.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { CLONE_MESSAGES } from "@/lib/strategies/clone";
import { createStrategy } from "@/lib/strategies/mutations";
import { TEMPLATE_MESSAGES } from "@/lib/strategy-templates/schema";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi, type ApiAnswer } from "../helpers/rest-api";
import { strategyInput, strategyWorld } from "./strategy-world";

useTestDatabase();

type Json = Record<string, unknown>;
const respObject = (answer: ApiAnswer) => (answer.body as { respObject: Json }).respObject;
const fieldErrors = (answer: ApiAnswer) => (answer.body as { error: { fieldErrors?: Record<string, string> } }).error.fieldErrors;
const listed = (answer: ApiAnswer) => (respObject(answer).data as Json[]).map((row) => [row.templateName, row.totalUsage]);

async function licenseeWithKeys() {
  const w = await strategyWorld();
  const source = await createStrategy(w, strategyInput(w));
  const readWrite = (await createApiKey(scopeOf(w.ctx), { name: "rw", scope: "READ_WRITE" })).secret;
  const readOnly = (await createApiKey(scopeOf(w.ctx), { name: "ro", scope: "READ_ONLY" })).secret;
  return { ...w, source, keys: { readWrite, readOnly } };
}

async function counts() {
  return {
    templates: await db.strategyTemplate.count({ where: { isArchived: false } }),
    strategies: await db.strategy.count(),
    activity: await db.activityLog.count(),
    usage: (await db.strategyTemplate.aggregate({ _sum: { totalUsage: true } }))._sum.totalUsage,
  };
}

test("a read-write key creates a template from a strategy, lists it with totalUsage 0, sees a use counted, and deletes it", async () => {
  const w = await licenseeWithKeys();
  const key = w.keys.readWrite;
  const user = await db.user.findUniqueOrThrow({ where: { id: w.ctx.userId } });

  const created = await callApi("POST", "/strategy-templates", key, { strategyId: w.source.id, templateName: "EU apps", description: "Apps in Germany and France" });
  expect(created.status).toBe(201);
  const template = respObject(created);
  expect(template).toMatchObject({
    templateName: "EU apps",
    description: "Apps in Germany and France",
    goal: "CPM",
    totalUsage: 0,
    createdBy: { name: user.name },
    licensee: { name: w.licensee.name },
    version: 1,
  });
  // The wizard's values without the campaign's, the name, the schedule and the advertiser's records.
  expect(template.settings).toMatchObject({ type: "MULTI_DEVICE", pricingType: "CPM", pricingValue: "4.2", cpaTarget: "12.5" });
  expect(Object.keys(template.settings as Json)).toEqual(expect.not.arrayContaining(["campaignId", "name", "startTime", "endTime", "pixelIds", "creativeIds", "creativeSetIds", "targetAppSegments"]));
  const log = await db.activityLog.findFirstOrThrow({ where: { entityType: "STRATEGY_TEMPLATE", entityId: template.id as number } });
  expect(log).toMatchObject({ action: "CREATE", userId: w.ctx.userId });

  expect(listed(await callApi("GET", "/strategy-templates?q=EU", key))).toEqual([["EU apps", 0]]);
  expect((await callApi("GET", `/strategy-templates/${template.id as number}`, key)).status).toBe(200);

  // A strategy made from the template (the wizard's save) counts one use.
  await createStrategy(w, strategyInput(w, { name: "From the template" }), { templateId: template.id as number });
  expect(listed(await callApi("GET", "/strategy-templates?sort=totalUsage-", key))).toEqual([["EU apps", 1]]);

  const deleted = await callApi("DELETE", `/strategy-templates/${template.id as number}`, key);
  expect([deleted.status, respObject(deleted).templateName]).toEqual([200, "EU apps"]);
  expect((await callApi("GET", `/strategy-templates/${template.id as number}`, key)).status).toBe(404);
  expect((await callApi("DELETE", `/strategy-templates/${template.id as number}`, key)).status).toBe(404);
  expect(listed(await callApi("GET", "/strategy-templates", key))).toEqual([]);
});

test("a template needs a name; other resources answer DELETE with 405", async () => {
  const w = await licenseeWithKeys();
  const before = await counts();
  const blank = await callApi("POST", "/strategy-templates", w.keys.readWrite, { strategyId: w.source.id, templateName: " " });
  expect([blank.status, fieldErrors(blank)]).toEqual([400, { templateName: TEMPLATE_MESSAGES.nameRequired }]);
  const onStrategy = await callApi("DELETE", `/strategies/${w.source.id}`, w.keys.readWrite);
  expect([onStrategy.status, onStrategy.headers.get("Allow")]).toEqual([405, "GET, PATCH"]);
  expect(await counts()).toEqual(before);
});

test("a read-write key clones a strategy into another campaign of the same advertiser: inactive, creatives as asked, audited", async () => {
  const w = await licenseeWithKeys();
  const second = await f.makeCampaign(w.advertiser, { objective: "MOBILE_APP_INSTALLS", name: "Second campaign" });
  const answer = await callApi("POST", `/strategies/${w.source.id}/clone`, w.keys.readWrite, {
    name: "Prospecting EU - Copy",
    campaignId: second.id,
    copyCreatives: true,
    copyCreativeSets: false,
  });
  expect(answer.status).toBe(200);
  const clone = respObject(answer);
  expect(clone).toMatchObject({
    name: "Prospecting EU - Copy",
    campaignId: second.id,
    advertiserId: w.advertiser.id,
    active: false,
    pricingValue: "4.2",
    creativeIds: [w.creative.id],
    creativeSetIds: [],
    pixelIds: [w.pixel.id],
  });
  expect(clone.id).not.toBe(w.source.id);
  expect((await callApi("GET", `/strategies/${clone.id as number}`, w.keys.readWrite)).status).toBe(200);
  const log = await db.activityLog.findFirstOrThrow({ where: { entityType: "STRATEGY", entityId: clone.id as number } });
  expect(log).toMatchObject({ action: "CREATE", userId: w.ctx.userId, entityName: "Prospecting EU - Copy" });
});

test("a clone into another advertiser's campaign or with a bad name is refused beside the field, and nothing is written", async () => {
  const w = await licenseeWithKeys();
  const otherAdvertiser = await f.makeAdvertiser(w.licensee.id);
  const foreignCampaign = await f.makeCampaign(otherAdvertiser);
  const before = await counts();
  const other = await callApi("POST", `/strategies/${w.source.id}/clone`, w.keys.readWrite, { name: "Elsewhere", campaignId: foreignCampaign.id });
  expect([other.status, fieldErrors(other)]).toEqual([400, { campaignId: CLONE_MESSAGES.otherAdvertiser }]);
  const blank = await callApi("POST", `/strategies/${w.source.id}/clone`, w.keys.readWrite, { name: "", campaignId: w.campaign.id });
  expect([blank.status, Object.keys(fieldErrors(blank) ?? {})]).toEqual([400, ["name"]]);
  expect(await counts()).toEqual(before);
});

test("a read-only key reads templates but every template write and the clone are 403; another licensee's ids are 404; nothing changes", async () => {
  const a = await licenseeWithKeys();
  const b = await licenseeWithKeys();
  const template = respObject(await callApi("POST", "/strategy-templates", a.keys.readWrite, { strategyId: a.source.id, templateName: "A's template" }));
  const id = template.id as number;
  const before = await counts();

  const ro = a.keys.readOnly;
  expect((await callApi("GET", "/strategy-templates", ro)).status).toBe(200);
  expect((await callApi("GET", `/strategy-templates/${id}`, ro)).status).toBe(200);
  expect((await callApi("POST", "/strategy-templates", ro, { strategyId: a.source.id, templateName: "Read-only" })).status).toBe(403);
  expect((await callApi("DELETE", `/strategy-templates/${id}`, ro)).status).toBe(403);
  expect((await callApi("POST", `/strategies/${a.source.id}/clone`, ro, { name: "Read-only clone", campaignId: a.campaign.id })).status).toBe(403);

  const other = b.keys.readWrite;
  expect((await callApi("GET", `/strategy-templates/${id}`, other)).status).toBe(404);
  expect((await callApi("DELETE", `/strategy-templates/${id}`, other)).status).toBe(404);
  expect(listed(await callApi("GET", "/strategy-templates", other))).toEqual([]);
  expect((await callApi("POST", "/strategy-templates", other, { strategyId: a.source.id, templateName: "Stolen" })).status).toBe(404);
  expect((await callApi("POST", `/strategies/${a.source.id}/clone`, other, { name: "Stolen clone", campaignId: b.campaign.id })).status).toBe(404);
  // B's own strategy into A's campaign: A's campaign is unknown to B.
  expect((await callApi("POST", `/strategies/${b.source.id}/clone`, other, { name: "Into A", campaignId: a.campaign.id })).status).toBe(404);

  expect(await counts()).toEqual(before);
});
