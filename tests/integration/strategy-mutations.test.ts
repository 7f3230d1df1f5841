// Creating and editing strategies (business.md 3 STRATEGY, 4, 5 Strategy):
// the server side of the wizard's rules, the checks of what a strategy names
// (pixels, creatives, sets, audiences, geographies of the dataset), the type
// fixed once saved, the SKAD privilege, exact money, optimistic concurrency
// and readable activity rows.
import { db } from "@/lib/db";
import { executeAction } from "@/lib/actions/define-action";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { createStrategyAction } from "@/lib/strategies/actions";
import { STRATEGY_CHANGE_MESSAGES as CHANGE, createStrategy, updateStrategy } from "@/lib/strategies/mutations";
import { getStrategyOrThrow, strategyFormValues } from "@/lib/strategies/queries";
import { STRATEGY_MESSAGES as M } from "@/lib/strategies/rules";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { fieldErrorsOf, memberOf } from "../helpers/calls";
import { activityRows, fieldsOf } from "../helpers/activity";
import { strategyInput, strategyWorld } from "./strategy-world";

jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

useTestDatabase();

const counts = async () => ({ strategies: await db.strategy.count(), activity: await db.activityLog.count() });
describe("create", () => {
  test("saves every step: columns exact, inventory and targeting JSON, associations, and one readable CREATE row", async () => {
    const w = await strategyWorld();
    const created = await createStrategy(w, strategyInput(w));
    const row = await db.strategy.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ advertiserId: w.advertiser.id, campaignId: w.campaign.id, type: "MULTI_DEVICE", active: true, version: 1, campaignFcap: false, fcapFrequency: 3, fcapInterval: 24 });
    expect([row.dailyAdvSpendBudget?.toString(), row.pricingValue.toString(), row.cpaTarget?.toString(), row.bidCapMin, row.bidCapMax]).toEqual(["1234.56", "4.2", "12.5", null, null]);
    expect(row.targeting).toMatchObject({ targetGeographies: { country: { targetList: ["DE", "FR"] }, city: { targetList: ["DE-BE:Berlin"] } }, consentType: 1 });
    expect(row.inventory).toMatchObject({ targetAndroidCategories: ["Games"], auctionTypeTargeting: "FIRST_PRICE" });
    expect(created).toMatchObject({ pixelIds: [w.pixel.id], creativeIds: [w.creative.id], creativeSetIds: [w.set.id] });

    const [log] = await activityRows();
    expect(log).toMatchObject({ action: "CREATE", entityType: "STRATEGY", entityId: row.id, entityName: "Prospecting EU", entityAdvertiserId: w.advertiser.id });
    const fields = fieldsOf(log);
    expect(fields).toMatchObject({
      "Targeted Countries": [null, "Added: Germany, France"],
      "Targeted Cities": [null, "Added: Berlin, Berlin, Germany"],
      "Blocked States": [null, "Added: Bavaria, Germany"],
      "Targeted App Audiences": [null, "Added: Cart abandoners"],
      Pixels: [null, "Added: Install pixel"],
      "Daily Advertiser Spend Budget": [null, "1234.56"],
      "Attribution Type": [null, "Deterministic"],
    });
    // Readable items, never JSON.
    expect(log.fields.every((x) => !String(x.newValue).startsWith("{") && !String(x.newValue).startsWith("["))).toBe(true);
  });

  test("-1 means unlimited budgets, start immediately and never ending; the wizard's values come back as typed", async () => {
    const w = await strategyWorld();
    const created = await createStrategy(w, strategyInput(w, { startTime: -1, endTime: -1, budgetValue: "-1", dailyAdvSpendBudget: -1, pricingType: "MARGIN", pricingValue: "30" }));
    expect(created).toMatchObject({ endTime: null, budgetValue: null, dailyAdvSpendBudget: null, pricingValue: "0.3" });
    expect(Math.abs(Date.parse(created.startTime) - Date.now())).toBeLessThan(60_000);
    expect(strategyFormValues(created)).toMatchObject({ pricingValue: "30", budgetValue: "-1", endTime: -1, targetAndroidCategories: ["Games"], consentType: 1 });
  });

  test("under an inactive campaign or advertiser the strategy starts inactive", async () => {
    const w = await strategyWorld({ active: false });
    expect((await createStrategy(w, strategyInput(w))).active).toBe(false);
  });

  test("what a strategy names must be the advertiser's and known: each problem at its field, nothing written", async () => {
    const w = await strategyWorld();
    const other = await f.makeAdvertiser(w.licensee.id);
    const foreignPixel = await f.makePixel(other);
    const foreignSet = await f.makeCreativeSet(other);
    const errors = await fieldErrorsOf(
      createStrategy(
        w,
        strategyInput(w, {
          pixelIds: [foreignPixel.id], creativeIds: [w.ctvCreative.id], creativeSetIds: [foreignSet.id],
          targetGeographies: { country: { targetList: ["ZZ"], blockedList: [] }, state: { targetList: [], blockedList: [] }, city: { targetList: ["DE-BE:Atlantis"], blockedList: [] }, customGeoTargeting: false },
          rtbAggregators: { targetList: [999_999], blockedList: [] },
        }),
      ),
    );
    expect(errors).toEqual({
      pixelIds: M.pixelsOfAdvertiser,
      creativeIds: M.creativeTypeMismatch,
      creativeSetIds: M.creativeSetOfAdvertiser,
      "targetGeographies.country": M.unknownGeo,
      "targetGeographies.city": M.unknownGeo,
      rtbAggregators: M.unknownRecord,
    });
    expect(await counts()).toEqual({ strategies: 0, activity: 0 });
  });

  test("a CTV/OTT strategy takes CTV video creatives, runs on the CTV placement and drops the rows CTV hides", async () => {
    const w = await strategyWorld();
    const ctvSet = await f.makeCreativeSet(w.advertiser, { type: "CTV_VIDEO" });
    const ctv = { type: "CTV_OTT", creativeIds: [w.ctvCreative.id], creativeSetIds: [ctvSet.id], ctvTargeting: { adBreak: ["PRE"], adPod: "Dynamic", contentGenre: ["Drama"], contentLanguage: ["en"] } };
    const created = await createStrategy(w, strategyInput(w, ctv));
    expect(created.targeting.placements).toEqual([{ id: 5, name: "CTV" }]);
    expect(created.targeting.targetMobileDevices).toBeUndefined();
    expect(created.inventory.targetAndroidCategories).toBeUndefined();
    expect(created.targeting.ctvTargeting).toMatchObject({ adBreak: ["PRE"] });
    // Multi Device drops the CTV rows instead.
    const multi = await createStrategy(w, strategyInput(w, { ctvTargeting: ctv.ctvTargeting }));
    expect(multi.targeting.ctvTargeting).toBeUndefined();
    expect(await fieldErrorsOf(createStrategy(w, strategyInput(w, { type: "CTV_OTT" })))).toEqual({
      creativeIds: M.creativeTypeMismatch,
      creativeSetIds: M.creativeSetTypeMismatch,
    });
  });

  test("SKAd optimisation needs the licensee's privilege and the campaign's SKAD target", async () => {
    const w = await strategyWorld();
    expect(await fieldErrorsOf(createStrategy(w, strategyInput(w, { skadOptimised: true })))).toEqual({ skadOptimised: M.skadNotAllowed });
    await db.licensee.update({ where: { id: w.licensee.id }, data: { skadTargetAllowed: true } });
    expect(await fieldErrorsOf(createStrategy(w, strategyInput(w, { skadOptimised: true })))).toEqual({ skadOptimised: M.skadNotAllowed });
    await db.campaign.update({ where: { id: w.campaign.id }, data: { skadTarget: true } });
    const created = await createStrategy(w, strategyInput(w, { skadOptimised: true }));
    // A SKAd strategy keeps no audience targeting (business.md 2: SKAd hides the audience rows).
    expect([created.skadOptimised, created.targeting.targetAppSegments, created.targeting.consentType]).toEqual([true, undefined, undefined]);
  });

  test("SKOverlay: brand awareness and app install campaigns only, with iOS targeted", async () => {
    const w = await strategyWorld();
    expect(await fieldErrorsOf(createStrategy(w, strategyInput(w, { skOverlayPosition: "BOTTOM", targetMobileDevices: { targetOperatingSystems: ["Android"], targetDeviceTypes: [] } })))).toEqual({
      skOverlayPosition: M.skOverlayNeedsIos,
    });
    expect((await createStrategy(w, strategyInput(w, { skOverlayPosition: "BOTTOM_RAISED" }))).skOverlayPosition).toBe("BOTTOM_RAISED");
    const web = await strategyWorld({ objective: "WEBSITE" });
    expect(await fieldErrorsOf(createStrategy(web, strategyInput(web, { skOverlayPosition: "BOTTOM" })))).toEqual({ skOverlayPosition: M.skOverlayObjective });
  });

  test("another licensee's campaign is not found; read-only and demo users are refused before anything is read", async () => {
    const w = await strategyWorld();
    const foreign = await strategyWorld();
    await expect(createStrategy(w, strategyInput(foreign))).rejects.toBeInstanceOf(NotFoundError);
    // The role is the action's to check (its declared access), once, before the input is read.
    for (const role of ["RO", "DEMO"] as const) {
      const attempt = executeAction(createStrategyAction.definition, await memberOf(w.licensee.id, role), strategyInput(w));
      await expect(attempt).rejects.toBeInstanceOf(ForbiddenError);
    }
    expect(await counts()).toEqual({ strategies: 0, activity: 0 });
  });
});

describe("edit", () => {
  test("targeting changes are logged as the items added and removed; an unchanged save writes nothing", async () => {
    const w = await strategyWorld();
    const created = await createStrategy(w, strategyInput(w));
    const values = strategyFormValues(created);
    expect(await updateStrategy(w, created.id, 1, values)).toMatchObject({ version: 1 });
    expect(await db.activityLog.count()).toBe(1);

    const geo = { ...values.targetGeographies!, country: { targetList: ["FR", "AT"], blockedList: [] } };
    const updated = await updateStrategy(w, created.id, 1, { ...values, targetGeographies: geo, dailyAdvSpendBudget: "99.99", creativeIds: [] });
    expect(updated).toMatchObject({ version: 2, dailyAdvSpendBudget: "99.99", creativeIds: [] });
    const [, log] = await activityRows();
    expect(log.action).toBe("UPDATE");
    expect(fieldsOf(log)).toEqual({
      "Targeted Countries": ["Removed: Germany", "Added: Austria"],
      "Daily Advertiser Spend Budget": ["1234.56", "99.99"],
      Creatives: ["Removed: Banner 300x250", null],
    });
  });

  test("the type and the campaign cannot change once saved", async () => {
    const w = await strategyWorld();
    const created = await createStrategy(w, strategyInput(w));
    const values = strategyFormValues(created);
    expect(await fieldErrorsOf(updateStrategy(w, created.id, 1, { ...values, type: "CTV_OTT" }))).toMatchObject({ type: M.typeNotEditable });
    const other = await f.makeCampaign(w.advertiser);
    expect(await fieldErrorsOf(updateStrategy(w, created.id, 1, { ...values, campaignId: other.id }))).toEqual({ campaignId: M.campaignNotEditable });
    expect((await db.strategy.findUniqueOrThrow({ where: { id: created.id } })).version).toBe(1);
  });

  test("a stale version is refused with the strategy's conflict message", async () => {
    const w = await strategyWorld();
    const created = await createStrategy(w, strategyInput(w));
    const values = strategyFormValues(created);
    await updateStrategy(w, created.id, 1, { ...values, name: "First" });
    await expect(updateStrategy(w, created.id, 1, { ...values, name: "Second" })).rejects.toThrow(new ConflictError(CHANGE.staleVersion));
  });

  test("20 concurrent saves of the same version: exactly one wins, the others get the conflict message, one activity row", async () => {
    const w = await strategyWorld();
    const created = await createStrategy(w, strategyInput(w));
    const values = strategyFormValues(created);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => updateStrategy(w, created.id, 1, { ...values, name: `Save ${i}` })));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toEqual(new ConflictError(CHANGE.staleVersion));
    const row = await getStrategyOrThrow(w.ctx, created.id);
    expect([row.version, row.name]).toEqual([2, (won[0] as PromiseFulfilledResult<{ name: string }>).value.name]);
    expect(await db.activityLog.count({ where: { action: "UPDATE" } })).toBe(1);
  });
});
