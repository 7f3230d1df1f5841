// The creatives' custom REST operations as an exchange integration or an
// API client calls them: field errors under the body's own names (business.md
// 7: creativesList, strategyList), replaceExistingCreatives, a rejection
// without its reason refused, a review audited on the creative, read-only keys 403.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";

useTestDatabase();

type Failure = { error: { fieldErrors?: Record<string, string> } };

async function world() {
  const t = await f.makeTenantWithAdvertiser();
  const key = (await createApiKey(scopeOf(t.ctx), { name: "rw", scope: "READ_WRITE" })).secret;
  const readOnly = (await createApiKey(scopeOf(t.ctx), { name: "ro", scope: "READ_ONLY" })).secret;
  const campaign = await f.makeCampaign(t.advertiser);
  return { ...t, key, readOnly, campaign };
}

test("associate-strategies: the body's names in field errors, then added or replaced", async () => {
  const w = await world();
  const ctv = await f.makeStrategy(w.campaign, { type: "CTV_OTT" });
  const md = await f.makeStrategy(w.campaign);
  const image = await f.makeCreative(w.advertiser);
  const old = await f.makeCreative(w.advertiser);
  await db.strategyCreative.create({ data: { strategyId: md.id, creativeId: old.id } });

  const empty = await callApi("POST", "/creatives/associate-strategies", w.key, { creativesList: [image.id], strategyList: [] });
  expect([empty.status, Object.keys((empty.body as Failure).error.fieldErrors ?? {})]).toEqual([400, ["strategyList"]]);
  const mismatch = await callApi("POST", "/creatives/associate-strategies", w.key, { creativesList: [image.id], strategyList: [ctv.id] });
  expect([mismatch.status, Object.keys((mismatch.body as Failure).error.fieldErrors ?? {})]).toEqual([400, ["strategyList"]]);

  const refused = await callApi("POST", "/creatives/associate-strategies", w.readOnly, { creativesList: [image.id], strategyList: [md.id] });
  expect(refused.status).toBe(403);

  const added = await callApi("POST", "/creatives/associate-strategies", w.key, { creativesList: [image.id], strategyList: [md.id] });
  expect([added.status, (added.body as { respObject: unknown }).respObject]).toEqual([200, { changed: 1, total: 1 }]);
  expect((await db.strategyCreative.findMany({ where: { strategyId: md.id } })).map((r) => r.creativeId).sort()).toEqual([image.id, old.id].sort());
  await callApi("POST", "/creatives/associate-strategies", w.key, { creativesList: [image.id], strategyList: [md.id], replaceExistingCreatives: true });
  expect((await db.strategyCreative.findMany({ where: { strategyId: md.id } })).map((r) => r.creativeId)).toEqual([image.id]);
});

test("PUT reviews/{aggregatorId}: a rejection needs its reason; the review is stored and audited; unknown exchange 404", async () => {
  const w = await world();
  const exchange = await db.aggregator.create({ data: { name: "AdX" } });
  const creative = await f.makeCreative(w.advertiser);
  const path = `/creatives/${creative.id}/reviews/${exchange.id}`;

  const noReason = await callApi("PUT", path, w.key, { status: "REJECTED" });
  expect([noReason.status, Object.keys((noReason.body as Failure).error.fieldErrors ?? {})]).toEqual([400, ["reason"]]);
  expect((await callApi("PUT", path, w.readOnly, { status: "APPROVED" })).status).toBe(403);
  expect((await callApi("PUT", `/creatives/${creative.id}/reviews/${exchange.id + 1000}`, w.key, { status: "APPROVED" })).status).toBe(404);

  const rejected = await callApi("PUT", path, w.key, { status: "REJECTED", reason: "Flashing content" });
  expect([rejected.status, (rejected.body as { respObject: unknown }).respObject]).toMatchObject([200, { aggregatorName: "AdX", status: "REJECTED", reason: "Flashing content" }]);
  expect(await db.creativeReview.findUnique({ where: { creativeId_aggregatorId: { creativeId: creative.id, aggregatorId: exchange.id } } })).toMatchObject({ status: "REJECTED" });
  const log = await db.activityLog.findFirst({ where: { entityType: "CREATIVE", entityId: creative.id }, include: { fields: true } });
  expect(log?.fields).toEqual([expect.objectContaining({ fieldName: "Review on AdX", oldValue: "Pending", newValue: "Rejected: Flashing content" })]);
});
