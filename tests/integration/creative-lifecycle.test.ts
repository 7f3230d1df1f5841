// Creatives end to end on the data layer: saving into a set (the uploaded
// file re-read from storage; another licensee's key refused), edit with a
// stale version, audit rows, association rules (type, advertiser, replace,
// all or nothing), reviews and the strategy warning, RO refused, foreign ids.
import "../helpers/action-session";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { scopeOf } from "@/lib/data/scope";
import { storage } from "@/lib/storage";
import { saveCreativesAction } from "@/lib/creatives/actions";
import { saveCreatives, updateCreative } from "@/lib/creatives/mutations";
import { associateWithStrategies } from "@/lib/creatives/associate";
import { rejectedExchangeWarnings, setCreativeReview, reviewSummaries } from "@/lib/creatives/reviews";
import { CREATIVE_MESSAGES } from "@/lib/creatives/schema";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import * as f from "../helpers/factories";
import { requireSessionMock } from "../helpers/session-mock";

useTestDatabase();
useTestStorage("creative-lifecycle-");

const PNG = fs.readFileSync(path.join(__dirname, "../fixtures/creatives/banner-300x250.png"));
const ids = { kktuCode: "KKTU-1", person: "Alice Smith", erId: "ER-12345" };

async function world() {
  const t = await f.makeTenantWithAdvertiser();
  const set = await f.makeCreativeSet(t.advertiser, { name: "Spring", type: "IMAGE" });
  const key = `creatives/${t.licensee.id}/${t.advertiser.id}/u1/banner.png`;
  await storage().put(key, new Uint8Array(PNG));
  // New creatives name the click destination every creative needs (business.md 5): the set's.
  return { ...t, set, key, row: { clickDestinationId: set.clickDestinationId!, ...ids } };
}

test("saving into a set: sizes from the stored file, the set link and one activity row per creative", async () => {
  const w = await world();
  const [created] = await saveCreatives(scopeOf(w.ctx), { creativeSetId: w.set.id, type: "IMAGE", creatives: [{ name: "Banner", width: 1, height: 1, storageKey: w.key, ...w.row }] });
  expect(created).toMatchObject({ width: 300, height: 250, mimeType: "image/png", type: "IMAGE", fileUrl: `/api/files/${w.key}` });
  expect(await db.creativeSetCreative.count({ where: { creativeSetId: w.set.id, creativeId: created.id } })).toBe(1);
  expect(await db.activityLog.count({ where: { entityType: "CREATIVE", entityId: created.id, action: "CREATE" } })).toBe(1);
});

test("a storage key of another licensee (or a missing file) is refused beside the row and nothing is written", async () => {
  const w = await world();
  const other = await f.makeTenantWithAdvertiser();
  const foreign = `creatives/${other.licensee.id}/${other.advertiser.id}/u1/banner.png`;
  await storage().put(foreign, new Uint8Array(PNG));
  const attempt = saveCreatives(scopeOf(w.ctx), { creativeSetId: w.set.id, type: "IMAGE", creatives: [{ name: "A", width: 300, height: 250, storageKey: w.key, ...w.row }, { name: "B", width: 300, height: 250, storageKey: foreign, ...w.row }] });
  await expect(attempt).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["creatives", 1, "storageKey"], message: CREATIVE_MESSAGES.fileNotFound })] });
  expect(await db.creative.count()).toBe(0);
});

test("a set of another licensee is not found; read-only users are refused before anything", async () => {
  const w = await world();
  const other = await f.makeTenantWithAdvertiser();
  const foreignSet = await f.makeCreativeSet(other.advertiser);
  await expect(saveCreatives(scopeOf(w.ctx), { creativeSetId: foreignSet.id, type: "IMAGE", creatives: [{ name: "A", width: 300, height: 250, storageKey: w.key, ...w.row }] })).rejects.toBeInstanceOf(NotFoundError);
  const ro = await f.makeUser(`ro.${w.licensee.id}@example.com`, [{ licenseeId: w.licensee.id, role: "RO" }]);
  requireSessionMock.mockResolvedValue(await f.ctxFor(ro.id, w.licensee.id));
  expect(await saveCreativesAction({ creativeSetId: w.set.id, type: "IMAGE", creatives: [] })).toEqual({ ok: false, status: 403, formError: new ForbiddenError().message });
});

test("edit: audited field by field; a stale version is a conflict with the creative's message", async () => {
  const w = await world();
  const c = await f.makeCreative(w.advertiser, { name: "Old", ...ids });
  const saved = await updateCreative(scopeOf(w.ctx), c.id, c.version, { name: "New", clickDestinationId: c.clickDestinationId, ...ids });
  expect(saved).toMatchObject({ name: "New", version: c.version + 1 });
  const log = await db.activityLog.findFirst({ where: { entityId: c.id, action: "UPDATE" }, include: { fields: true } });
  expect(log?.fields).toEqual([expect.objectContaining({ fieldName: "name", oldValue: "Old", newValue: "New" })]);
  await expect(updateCreative(scopeOf(w.ctx), c.id, c.version, { name: "Again", clickDestinationId: c.clickDestinationId, ...ids })).rejects.toEqual(new ConflictError(CREATIVE_MESSAGES.staleVersion));
  const other = await f.makeTenantWithAdvertiser();
  await expect(updateCreative(scopeOf(other.ctx), c.id, saved.version, { name: "X", ...ids })).rejects.toBeInstanceOf(NotFoundError);
});

test("associate: type rule, advertiser rule, all or nothing, replaceExisting, one audit row per strategy", async () => {
  const w = await world();
  const campaign = await f.makeCampaign(w.advertiser);
  const md = await f.makeStrategy(campaign, { name: "MD" });
  const ctv = await f.makeStrategy(campaign, { name: "CTV", type: "CTV_OTT" });
  const image = await f.makeCreative(w.advertiser, { name: "Img" });
  const old = await f.makeCreative(w.advertiser, { name: "Old" });
  await db.strategyCreative.create({ data: { strategyId: md.id, creativeId: old.id } });

  // CTV strategy with an image: refused, and the Multi Device one is not changed either.
  await expect(associateWithStrategies(scopeOf(w.ctx), { kind: "creative", ids: [image.id], strategyIds: [md.id, ctv.id], replaceExisting: false })).rejects.toMatchObject({
    issues: [expect.objectContaining({ path: ["strategyIds"] })],
  });
  expect(await db.strategyCreative.count({ where: { strategyId: md.id } })).toBe(1);

  const otherAdvertiser = await f.makeAdvertiser(w.licensee.id);
  const otherStrategy = await f.makeStrategy(await f.makeCampaign(otherAdvertiser));
  await expect(associateWithStrategies(scopeOf(w.ctx), { kind: "creative", ids: [image.id], strategyIds: [otherStrategy.id], replaceExisting: false })).rejects.toMatchObject({
    issues: [expect.objectContaining({ path: ["strategyIds"] })],
  });

  const added = await associateWithStrategies(scopeOf(w.ctx), { kind: "creative", ids: [image.id], strategyIds: [md.id], replaceExisting: false });
  expect(added).toEqual({ changed: 1, total: 1 });
  expect((await db.strategyCreative.findMany({ where: { strategyId: md.id } })).map((r) => r.creativeId).sort()).toEqual([image.id, old.id].sort());
  const log = await db.activityLog.findFirst({ where: { entityType: "STRATEGY", entityId: md.id }, include: { fields: true } });
  expect(log?.fields).toEqual([expect.objectContaining({ fieldName: "Creatives", newValue: "Added: Img" })]);
  expect((await db.strategy.findUnique({ where: { id: md.id } }))?.version).toBe(md.version + 1);

  await associateWithStrategies(scopeOf(w.ctx), { kind: "creative", ids: [image.id], strategyIds: [md.id], replaceExisting: true });
  expect((await db.strategyCreative.findMany({ where: { strategyId: md.id } })).map((r) => r.creativeId)).toEqual([image.id]);

  const foreign = await f.makeTenantWithAdvertiser();
  await expect(associateWithStrategies(scopeOf(foreign.ctx), { kind: "creative", ids: [image.id], strategyIds: [md.id], replaceExisting: false })).rejects.toBeInstanceOf(NotFoundError);
});

test("reviews: set by exchange, summarised, audited; a strategy warns when all its creatives are rejected on a targeted exchange", async () => {
  const w = await world();
  const [a1, a2] = [await db.aggregator.create({ data: { name: "AdX" } }), await db.aggregator.create({ data: { name: "OpenX" } })];
  const campaign = await f.makeCampaign(w.advertiser);
  const strategy = await f.makeStrategy(campaign);
  const own = await f.makeCreative(w.advertiser);
  const inSet = await f.makeCreative(w.advertiser);
  await db.creativeSetCreative.create({ data: { creativeSetId: w.set.id, creativeId: inSet.id } });
  await db.strategyCreative.create({ data: { strategyId: strategy.id, creativeId: own.id } });
  await db.strategyCreativeSet.create({ data: { strategyId: strategy.id, creativeSetId: w.set.id } });

  await setCreativeReview(scopeOf(w.ctx), { creativeId: own.id, aggregatorId: a1.id, status: "REJECTED", reason: "Flashing" });
  expect(await rejectedExchangeWarnings(w.ctx, strategy.id)).toEqual([]); // the set's creative is still pending there
  await setCreativeReview(scopeOf(w.ctx), { creativeId: inSet.id, aggregatorId: a1.id, status: "REJECTED", reason: "Text" });
  await setCreativeReview(scopeOf(w.ctx), { creativeId: inSet.id, aggregatorId: a2.id, status: "APPROVED" });
  expect(await rejectedExchangeWarnings(w.ctx, strategy.id)).toEqual([{ aggregatorId: a1.id, aggregatorName: "AdX", creativeCount: 2 }]);
  expect((await reviewSummaries(w.ctx, [inSet.id])).get(inSet.id)).toBe("1 approved · 1 rejected");
  expect(await db.activityLog.count({ where: { entityType: "CREATIVE", entityId: inSet.id } })).toBe(2);
  await expect(setCreativeReview(scopeOf(w.ctx), { creativeId: own.id, aggregatorId: a2.id, status: "REJECTED" })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["reason"] })] });
});
