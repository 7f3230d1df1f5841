// Menu, breadcrumb and picker reads: only the session licensee's entities,
// whole names, the limits of shell.md 2.6-2.8, and breadcrumbs that reveal
// nothing of another licensee.
import { db } from "@/lib/db";
import { loadMenus, searchCrumb, searchMenu, searchPicker } from "@/lib/entities/menus";
import { resolveCrumbs, resolveCrumbsForPath } from "@/lib/entities/crumbs";
import { useTestDatabase } from "../helpers/db";
import {
  makeAdvertiser,
  makeAudience,
  makeCampaign,
  makeCreativeSet,
  makePixel,
  makeStrategy,
  makeTenant,
} from "../helpers/factories";

useTestDatabase();

async function twoTenants() {
  const a = await makeTenant("RO", "a");
  const b = await makeTenant("RW", "b");
  return { ctxA: a.ctx, ctxB: b.ctx, licenseeA: a.licensee, licenseeB: b.licensee };
}

describe("menu search", () => {
  test("returns only the licensee's entities, matched by part of the name in any case", async () => {
    const { ctxA, licenseeA, licenseeB } = await twoTenants();
    const mine = await makeAdvertiser(licenseeA.id, { name: "Harbour Shoes" });
    await makeAdvertiser(licenseeA.id, { name: "Other Brand" });
    await makeAdvertiser(licenseeB.id, { name: "Harbour Boats" });

    const found = await searchMenu(ctxA, "advertiser", "harbOUR");
    expect(found).toEqual([{ id: mine.id, name: "Harbour Shoes", active: true }]);
  });

  test("does not cut long names (cutting is presentation)", async () => {
    const { ctxA, licenseeA } = await twoTenants();
    const long = "A very long advertiser name that goes well beyond forty-three characters";
    await makeAdvertiser(licenseeA.id, { name: long });
    expect((await searchMenu(ctxA, "advertiser", "very long")).map((r) => r.name)).toEqual([long]);
  });

  test("lists neither archived entities nor A/B test strategies", async () => {
    const { ctxA, licenseeA } = await twoTenants();
    const adv = await makeAdvertiser(licenseeA.id, { name: "Kept" });
    await makeAdvertiser(licenseeA.id, { name: "Kept but archived", isArchived: true });
    const campaign = await makeCampaign(adv);
    await makeStrategy(campaign, { name: "Kept strategy" });
    await makeStrategy(campaign, { name: "Kept arm", isAbTestStrategy: true });

    expect((await searchMenu(ctxA, "advertiser", "kept")).map((r) => r.name)).toEqual(["Kept"]);
    expect((await searchMenu(ctxA, "strategy", "kept")).map((r) => r.name)).toEqual(["Kept strategy"]);
  });

  test("audience menus are split by source: app audiences and look-alikes", async () => {
    const { ctxA, licenseeA } = await twoTenants();
    const adv = await makeAdvertiser(licenseeA.id);
    await makeAudience(adv, { name: "Seg web", source: "WEBSITE" });
    await makeAudience(adv, { name: "Seg app", source: "MOBILE" });
    await makeAudience(adv, { name: "Seg lal", source: "LOOK_ALIKE" });
    expect((await searchMenu(ctxA, "app_audience", "seg")).map((r) => r.name)).toEqual(["Seg app"]);
    expect((await searchMenu(ctxA, "lal_audience", "seg")).map((r) => r.name)).toEqual(["Seg lal"]);
  });
});

describe("menu side lists", () => {
  test("give the most recently changed items of each menu asked, this licensee only", async () => {
    const { ctxA, licenseeA, licenseeB } = await twoTenants();
    // Created first but changed last: recency is the last change, not the id.
    const newer = await makeAdvertiser(licenseeA.id, { name: "Newer", updatedAt: new Date("2030-02-01T00:00:00Z") });
    const older = await makeAdvertiser(licenseeA.id, { name: "Older", updatedAt: new Date("2030-01-01T00:00:00Z") });
    await makeAdvertiser(licenseeB.id, { name: "Foreign" });
    await makeCreativeSet(newer, { name: "Set one" });

    const lists = await loadMenus(ctxA, ["advertiser", "creative_sets", "lal_audience"]);
    expect(lists).toEqual([
      {
        menuName: "advertiser",
        menuList: [
          { id: newer.id, name: "Newer", active: true },
          { id: older.id, name: "Older", active: true },
        ],
      },
      { menuName: "creative_sets", menuList: [expect.objectContaining({ name: "Set one" })] },
      { menuName: "lal_audience", menuList: [] },
    ]);
  });
});

describe("breadcrumb dropdowns", () => {
  test("list at most 10 entities", async () => {
    const { ctxA, licenseeA } = await twoTenants();
    for (let i = 0; i < 13; i++) await makeAdvertiser(licenseeA.id, { name: `Brand ${String(i).padStart(2, "0")}` });
    const found = await searchCrumb(ctxA, "advertiser", "brand");
    expect(found).toHaveLength(10);
    expect(found[0].name).toBe("Brand 00");
    expect(await searchCrumb(ctxA, "advertiser", "")).toHaveLength(10);
  });

  test("list the campaigns of the crumb's advertiser and the strategies of its campaign", async () => {
    const { ctxA, licenseeA } = await twoTenants();
    const adv1 = await makeAdvertiser(licenseeA.id);
    const adv2 = await makeAdvertiser(licenseeA.id);
    const c1 = await makeCampaign(adv1, { name: "Camp one" });
    const c2 = await makeCampaign(adv2, { name: "Camp two" });
    await makeStrategy(c1, { name: "Strat one" });
    await makeStrategy(c2, { name: "Strat two" });

    expect((await searchCrumb(ctxA, "campaign", "camp", { advertiserId: adv1.id })).map((r) => r.name)).toEqual(["Camp one"]);
    expect((await searchCrumb(ctxA, "strategy", "", { campaignId: c2.id })).map((r) => r.name)).toEqual(["Strat two"]);
  });
});

describe("breadcrumb resolution", () => {
  test("a strategy id gives its advertiser, campaign and strategy", async () => {
    const { ctxA, licenseeA } = await twoTenants();
    const adv = await makeAdvertiser(licenseeA.id, { name: "Adv", active: false });
    const campaign = await makeCampaign(adv, { name: "Camp" });
    const strategy = await makeStrategy(campaign, { name: "Strat" });

    expect(await resolveCrumbsForPath(ctxA, `/strategy/details/${strategy.id}`)).toEqual({
      advertiser: { id: adv.id, name: "Adv", active: false },
      campaign: { id: campaign.id, name: "Camp", active: true },
      strategy: { id: strategy.id, name: "Strat", active: true },
    });
    expect(await resolveCrumbsForPath(ctxA, `/campaign/details/${campaign.id}`)).toEqual({
      advertiser: { id: adv.id, name: "Adv", active: false },
      campaign: { id: campaign.id, name: "Camp", active: true },
    });
    expect(await resolveCrumbsForPath(ctxA, `/advertiser/details/${adv.id}/pixel`)).toEqual({
      advertiser: { id: adv.id, name: "Adv", active: false },
    });
  });

  test("another licensee's id resolves to nothing", async () => {
    const { ctxA, licenseeB } = await twoTenants();
    const adv = await makeAdvertiser(licenseeB.id, { name: "Secret" });
    const campaign = await makeCampaign(adv);
    const strategy = await makeStrategy(campaign);
    const set = await makeCreativeSet(adv);
    const audience = await makeAudience(adv);

    for (const path of [
      `/advertiser/details/${adv.id}`,
      `/campaign/details/${campaign.id}`,
      `/strategy/details/${strategy.id}`,
      `/creative_set/details/${set.id}`,
      `/audience/details/${audience.id}`,
      `/campaign/create?advertiserId=${adv.id}`,
    ]) {
      expect(await resolveCrumbsForPath(ctxA, path)).toEqual({});
    }
  });

  test("missing ids and pages without an entity resolve to nothing", async () => {
    const { ctxA } = await twoTenants();
    expect(await resolveCrumbs(ctxA, { kind: "campaign", id: 999999 })).toEqual({});
    expect(await resolveCrumbsForPath(ctxA, "/advertiser")).toEqual({});
  });
});

describe("picker", () => {
  test("pages the licensee's entities with their total, narrowed by parent and search", async () => {
    const { ctxA, licenseeA, licenseeB } = await twoTenants();
    const adv = await makeAdvertiser(licenseeA.id);
    const other = await makeAdvertiser(licenseeA.id);
    for (let i = 0; i < 7; i++) await makePixel(adv, { name: `Pix ${i}` });
    await makePixel(other, { name: "Pix other" });
    await makePixel(await makeAdvertiser(licenseeB.id), { name: "Pix foreign" });

    const page2 = await searchPicker(ctxA, "pixel", { page: 2, size: 5, search: "pix" }, { advertiserId: adv.id });
    expect(page2).toEqual({ total: 7, rows: [expect.objectContaining({ name: "Pix 5" }), expect.objectContaining({ name: "Pix 6" })] });

    const all = await searchPicker(ctxA, "pixel", { page: 1, size: 20 });
    expect(all.total).toBe(8);
    expect(all.rows.map((r) => r.name)).not.toContain("Pix foreign");
  });

  test("a numeric search also finds the id; strategy templates show by template name", async () => {
    const { ctxA, licenseeA } = await twoTenants();
    const adv = await makeAdvertiser(licenseeA.id, { name: "Zeta" });
    expect((await searchPicker(ctxA, "advertiser", { page: 1, size: 5, search: String(adv.id) })).rows).toEqual([
      { id: adv.id, name: "Zeta", active: true },
    ]);

    const user = await db.user.findFirstOrThrow();
    await db.strategyTemplate.create({
      data: { licenseeId: licenseeA.id, templateName: "Install template", goal: "CPI", settings: {}, createdById: user.id },
    });
    const templates = await searchPicker(ctxA, "strategy_template", { page: 1, size: 5, search: "install" });
    expect(templates).toEqual({ total: 1, rows: [expect.objectContaining({ name: "Install template", active: true })] });
  });
});
