// A strategy's lifecycle (business.md 4, 6): activate and deactivate one and
// in bulk through the registry's one status path, never active under an
// inactive campaign or advertiser, the SKAD privilege checked on activation;
// the review and details loader (sections, visibility, RO without the
// attribution-type row); the wizard's server actions.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import type { SessionContext } from "@/lib/auth/context";
import { ConflictError } from "@/lib/errors";
import { setActiveInBulk } from "@/lib/entities/bulk";
import { scopeOf } from "@/lib/data/scope";
import { createStrategy, previewStrategyReview } from "@/lib/strategies/mutations";
import { loadStrategyReview } from "@/lib/strategies/review";
import { STRATEGY_MESSAGES as M } from "@/lib/strategies/rules";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { strategyInput, strategyWorld } from "./strategy-world";

const sessionMock = jest.fn<Promise<SessionContext>, []>();
jest.mock("@/lib/auth/session", () => ({
  ...jest.requireActual("@/lib/auth/session"),
  requireSession: () => sessionMock(),
}));

useTestDatabase();

const bulk = (ctx: SessionContext, ids: number[], active: boolean) => setActiveInBulk(scopeOf(ctx), { entity: "strategy", ids, active });

describe("status", () => {
  test("deactivate and activate one and in bulk, each with its activity row", async () => {
    const w = await strategyWorld();
    const a = await createStrategy(w, strategyInput(w, { name: "A" }));
    const b = await createStrategy(w, strategyInput(w, { name: "B" }));
    await expect(bulk(w.ctx, [a.id, b.id], false)).resolves.toEqual({ changed: 2, total: 2 });
    await expect(bulk(w.ctx, [a.id], true)).resolves.toEqual({ changed: 1, total: 1 });
    const rows = await db.activityLog.findMany({ where: { action: { in: ["ACTIVATE", "DEACTIVATE"] } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.action, r.entityName])).toEqual([["DEACTIVATE", "A"], ["DEACTIVATE", "B"], ["ACTIVATE", "A"]]);
  });

  test("cascade: no strategy is activated under an inactive campaign or advertiser; nothing is written", async () => {
    const w = await strategyWorld();
    const s = await createStrategy(w, strategyInput(w, { name: "Paused parent" }));
    await bulk(w.ctx, [s.id], false);
    const logs = await db.activityLog.count();
    await db.campaign.update({ where: { id: w.campaign.id }, data: { active: false } });
    await expect(bulk(w.ctx, [s.id], true)).rejects.toThrow(new ConflictError('Strategy "Paused parent" cannot be activated while its campaign is inactive.'));
    await db.campaign.update({ where: { id: w.campaign.id }, data: { active: true } });
    await db.advertiser.update({ where: { id: w.advertiser.id }, data: { active: false } });
    await expect(bulk(w.ctx, [s.id], true)).rejects.toThrow(new ConflictError('Strategy "Paused parent" cannot be activated while its advertiser is inactive.'));
    expect([(await db.strategy.findUniqueOrThrow({ where: { id: s.id } })).active, await db.activityLog.count()]).toEqual([false, logs]);
  });

  test("a SKAd-optimised strategy is activated only while its campaign has the SKAD privilege; the refusal writes nothing", async () => {
    const w = await strategyWorld({ skadTarget: true });
    await db.licensee.update({ where: { id: w.licensee.id }, data: { skadTargetAllowed: true } });
    const s = await createStrategy(w, strategyInput(w, { name: "SKAd", skadOptimised: true }));
    const plain = await createStrategy(w, strategyInput(w, { name: "Plain" }));
    await bulk(w.ctx, [s.id, plain.id], false);
    await db.licensee.update({ where: { id: w.licensee.id }, data: { skadTargetAllowed: false } });
    const logs = await db.activityLog.count();
    await expect(bulk(w.ctx, [plain.id, s.id], true)).rejects.toThrow(new ConflictError(`Strategy "SKAd": ${M.skadActivationRefused}`));
    expect(await db.strategy.count({ where: { active: true } })).toBe(0);
    expect(await db.activityLog.count()).toBe(logs);
    await db.licensee.update({ where: { id: w.licensee.id }, data: { skadTargetAllowed: true } });
    await expect(bulk(w.ctx, [s.id], true)).resolves.toEqual({ changed: 1, total: 1 });
  });
});

describe("review and details", () => {
  test("plain rows grouped by the five sections, names not ids, derived values; RO users get no attribution-type row", async () => {
    const w = await strategyWorld();
    const s = await createStrategy(w, strategyInput(w));
    const { review } = await loadStrategyReview(w.ctx, s.id);
    expect(review.sections.map((x) => [x.title, x.editTitle])).toEqual([
      ["BASICS", "Details"], ["BUDGET & BIDDING", "Budget & Bidding"], ["DELIVERY TARGETING", "Targeting"], ["INVENTORY", "Inventory"], ["CREATIVE SETS", "Creative Sets"],
    ]);
    const value = (key: string) => review.sections.flatMap((x) => x.rows).find((r) => r.key === key)?.value;
    expect([value("campaign"), value("pixels"), value("geo.country.target"), value("geo.city.target"), value("attributionType")]).toEqual([
      w.campaign.name, "Install pixel", "Germany, France", "Berlin, Berlin, Germany", "Deterministic",
    ]);
    expect([value("budgetValue"), value("bidCapMin"), value("creatives"), value("creativeSets"), value("ageGroup"), value("dayParts")]).toEqual([
      "30000", "None", "Banner 300x250", "Banners", "18 to 44 years", "Monday 06:00-09:59",
    ]);
    // Multi Device: no CTV rows.
    expect(value("adBreak")).toBeUndefined();
    expect(review.derived).toMatchObject({ dailyDeliveryCap: "293942", lifetimeDeliveryCap: "7142857" });
    expect(review.status).toEqual({ title: "Status", active: true, value: "Active" });
    // Plain view objects: nothing but text.
    expect(JSON.parse(JSON.stringify(review.sections))).toEqual(review.sections);

    const ro = await f.makeUser(`ro.${w.licensee.id}@example.com`, [{ licenseeId: w.licensee.id, role: "RO" }]);
    const roReview = (await loadStrategyReview(await f.ctxFor(ro.id, w.licensee.id), s.id)).review;
    expect(roReview.sections.flatMap((x) => x.rows).some((r) => r.key === "attributionType" || /attribution/i.test(r.label))).toBe(false);
  });

  test("the wizard's edit review ends with the saved strategy's status, as the details page has it; a new strategy's review has none", async () => {
    const w = await strategyWorld();
    const s = await createStrategy(w, strategyInput(w));
    const editReview = () => previewStrategyReview(w.ctx, s.id, strategyInput(w, { name: "Edited" }));
    expect((await editReview()).status).toEqual({ title: "Status", active: true, value: "Active" });
    await bulk(w.ctx, [s.id], false);
    expect((await editReview()).status).toEqual({ title: "Status", active: false, value: "Inactive" });
    expect((await editReview()).status).toEqual((await loadStrategyReview(w.ctx, s.id)).review.status);
    expect((await previewStrategyReview(w.ctx, null, strategyInput(w))).status).toBeNull();
  });

  test("day parts of every hour of all seven days read 'All' on the details page and the review; a partial week lists its days", async () => {
    const w = await strategyWorld();
    const fullWeek = { daypart: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].map((day) => ({ day, hours: Array.from({ length: 24 }, (_, h) => h) })) };
    const s = await createStrategy(w, strategyInput(w, { targetDays: fullWeek }));
    const dayParts = (review: { sections: { rows: { key: string; value: string }[] }[] }) => review.sections.flatMap((x) => x.rows).find((r) => r.key === "dayParts")?.value;
    expect(dayParts((await loadStrategyReview(w.ctx, s.id)).review)).toBe("All");
    expect(dayParts(await previewStrategyReview(w.ctx, s.id, strategyInput(w, { targetDays: fullWeek })))).toBe("All");
    const weekdays = { daypart: fullWeek.daypart.slice(0, 5) };
    expect(dayParts(await previewStrategyReview(w.ctx, s.id, strategyInput(w, { targetDays: weekdays })))).toBe(
      "Monday 00:00-23:59, Tuesday 00:00-23:59, Wednesday 00:00-23:59, Thursday 00:00-23:59, Friday 00:00-23:59",
    );
  });

  test("a CTV strategy's review hides app category, apps, mobile OS, device type and SKOverlay and shows the CTV rows", async () => {
    const w = await strategyWorld();
    const ctvSet = await f.makeCreativeSet(w.advertiser, { type: "CTV_VIDEO", name: "CTV set" });
    const s = await createStrategy(w, strategyInput(w, {
      type: "CTV_OTT", creativeIds: [w.ctvCreative.id], creativeSetIds: [ctvSet.id],
      ctvTargeting: { adBreak: ["PRE", "MID"], adPod: "Dynamic", contentGenre: ["Drama"], contentLanguage: ["en"] },
    }));
    const keys = (await loadStrategyReview(w.ctx, s.id)).review.sections.flatMap((x) => x.rows.map((r) => r.key));
    for (const hidden of ["androidCategories", "iosCategories", "apps.target", "operatingSystems", "deviceTypes", "skOverlay", "placements"]) expect([hidden, keys.includes(hidden)]).toEqual([hidden, false]);
    for (const shown of ["adBreak", "adPod", "contentGenre", "contentLanguage", "ctvOs"]) expect([shown, keys.includes(shown)]).toEqual([shown, true]);
  });
});

describe("server actions", () => {
  test("create, update, context, picker options, geography search and review preview answer plain results", async () => {
    const {
      createStrategyAction, updateStrategyAction, strategyContextAction, strategyPickerOptionsAction, searchGeoAction, previewStrategyReviewAction,
    } = await import("@/lib/strategies/actions");
    const w = await strategyWorld();
    sessionMock.mockResolvedValue(w.ctx);
    const created = await createStrategyAction(strategyInput(w));
    expect(created).toMatchObject({ ok: true, data: { name: "Prospecting EU", version: 1 } });
    const id = (created as { data: { id: number } }).data.id;
    expect(await updateStrategyAction({ id, version: 1, ...strategyInput(w), name: "Renamed" })).toMatchObject({ ok: true, data: { name: "Renamed", version: 2 } });
    expect(await updateStrategyAction({ id, version: 1, ...strategyInput(w), name: "Late" })).toMatchObject({ ok: false, status: 409, formError: "This strategy was changed by someone else" });
    expect(await createStrategyAction(strategyInput(w, { cpaTarget: "0" }))).toMatchObject({ ok: false, status: 400, fieldErrors: { cpaTarget: M.cpaTargetPositive } });

    expect(await strategyContextAction({ campaignId: w.campaign.id })).toMatchObject({
      ok: true, data: { campaign: { id: w.campaign.id, objective: "MOBILE_APP_INSTALLS", advertiserId: w.advertiser.id }, skadAllowed: false, dmpAccess: false, catalogAdvertiser: false },
    });
    const options = await strategyPickerOptionsAction({ campaignId: w.campaign.id, type: "CTV_OTT" });
    expect(options).toMatchObject({ ok: true, data: { creatives: [{ id: w.ctvCreative.id, name: "TV spot", detail: "CTV_VIDEO" }], creativeSets: [], pixels: [{ id: w.pixel.id }] } });
    const cities = await searchGeoAction({ level: "city", countryCode: "DE", stateCode: "BE", q: "berl" });
    expect((cities as { data: unknown[] }).data).toContainEqual({ id: "DE-BE:Berlin", name: "Berlin", parent: "Berlin, Germany" });
    const preview = await previewStrategyReviewAction({ ...strategyInput(w), name: "Draft" });
    expect(preview).toMatchObject({ ok: true, data: { status: null } });
    expect((preview as { data: { sections: { rows: { key: string; value: string }[] }[] } }).data.sections[0].rows.find((r) => r.key === "name")?.value).toBe("Draft");
    // The preview writes nothing.
    expect(await db.strategy.count()).toBe(1);
  });
});
