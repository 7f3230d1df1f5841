// The report filters' value pickers on the server: the name
// search of each entity dimension answers the session licensee's entities
// only (archived ones too: past delivery counts them), by name or id, with
// reference data (aggregators, sites, apps) for everyone; and the ids a
// report URL holds come back as names when the page loads, another
// licensee's as "unknown #id", never its name.
import { db } from "@/lib/db";
import { searchFilterValues } from "@/lib/report-pages/filter-search";
import { loadReportPage } from "@/lib/report-pages/page";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

async function world() {
  await f.makeUtcTimezone();
  const a = await f.makeTenant("RO", "a");
  const b = await f.makeTenant("RW", "b");
  const advA = await f.makeAdvertiser(a.licensee.id, { name: "Acme Shoes" });
  const advB = await f.makeAdvertiser(b.licensee.id, { name: "Acme Rival" });
  const spring = await f.makeCampaign(advA, { name: "Spring sale" });
  const old = await f.makeCampaign(advA, { name: "Spring archive" });
  await db.campaign.update({ where: { id: old.id }, data: { isArchived: true } });
  const rival = await f.makeCampaign(advB, { name: "Spring rival" });
  const strategy = await f.makeStrategy(spring, { name: "Spring retargeting" });
  const rivalStrategy = await f.makeStrategy(rival, { name: "Spring rival strategy" });
  const set = await f.makeCreativeSet(advA, { name: "Spring banners" });
  const creative = await f.makeCreative(advA, { name: "Spring banner 300x250" });
  const agg = await db.aggregator.create({ data: { name: "Spring Exchange" } });
  const app = await db.inventoryApp.create({ data: { name: "Spring Game", packageName: "com.spring.game", platform: "ANDROID" } });
  const site = await db.inventorySite.create({ data: { name: "Daily News", domain: "spring-news.example" } });
  return { a, b, advA, advB, spring, old, rival, strategy, rivalStrategy, set, creative, agg, app, site };
}

const values = (options: Array<{ value: string }>) => options.map((o) => o.value);

test("each entity dimension finds the licensee's entities by part of the name, in any case, archived ones too; never another licensee's", async () => {
  const w = await world();
  const campaigns = await searchFilterValues(w.a.ctx, "campaign", "SPRING");
  expect(campaigns).toEqual([
    { value: String(w.old.id), label: "Spring archive", detail: `ID ${w.old.id}` },
    { value: String(w.spring.id), label: "Spring sale", detail: `ID ${w.spring.id}` },
  ]);
  expect(values(await searchFilterValues(w.a.ctx, "advertiser", "acme"))).toEqual([String(w.advA.id)]);
  expect(values(await searchFilterValues(w.a.ctx, "strategy", "spring"))).toEqual([String(w.strategy.id)]);
  expect(values(await searchFilterValues(w.a.ctx, "creativeSet", "spring"))).toEqual([String(w.set.id)]);
  expect(values(await searchFilterValues(w.a.ctx, "creative", "spring"))).toEqual([String(w.creative.id)]);
  // Licensee B sees its own, and nothing of A's, even with A's id typed in.
  expect(values(await searchFilterValues(w.b.ctx, "campaign", ""))).toEqual([String(w.rival.id)]);
  expect(await searchFilterValues(w.b.ctx, "campaign", String(w.spring.id))).toEqual([]);
  expect(await searchFilterValues(w.b.ctx, "strategy", String(w.strategy.id))).toEqual([]);
});

test("a number finds the id; aggregators, sites and apps (reference data) by name, domain or package, for every licensee", async () => {
  const w = await world();
  expect(values(await searchFilterValues(w.a.ctx, "campaign", String(w.spring.id)))).toEqual([String(w.spring.id)]);
  expect(await searchFilterValues(w.b.ctx, "aggregator", "spring")).toEqual([{ value: String(w.agg.id), label: "Spring Exchange", detail: `ID ${w.agg.id}` }]);
  expect(await searchFilterValues(w.a.ctx, "inventory", "spring")).toEqual([
    { value: `site:${w.site.id}`, label: "Daily News (spring-news.example)", detail: `Site · ID ${w.site.id}` },
    { value: `app:${w.app.id}`, label: "Spring Game (com.spring.game)", detail: `App · ID ${w.app.id}` },
  ]);
  expect(values(await searchFilterValues(w.a.ctx, "inventory", `app:${w.app.id}`))).toEqual([`app:${w.app.id}`]);
});

test("the page names the ids its URL's filters hold; another licensee's id is 'unknown #id', never its name", async () => {
  const w = await world();
  const page = await loadReportPage(w.a.ctx, "advanced", {
    dims: "campaign",
    metrics: "impressions",
    from: "2024-03-01",
    to: "2024-03-07",
    f: [`campaign.in.${w.spring.id},${w.rival.id}`, `strategy.notIn.${w.rivalStrategy.id}`, `inventory.in.app:${w.app.id}`, "country.in.IN"],
  });
  expect(page.fieldErrors).toEqual({});
  expect(page.filterLabels).toEqual({
    campaign: { [String(w.spring.id)]: "Spring sale", [String(w.rival.id)]: `unknown #${w.rival.id}` },
    strategy: { [String(w.rivalStrategy.id)]: `unknown #${w.rivalStrategy.id}` },
    inventory: { [`app:${w.app.id}`]: "Spring Game (com.spring.game)" },
  });
  expect(JSON.stringify(page.filterLabels)).not.toContain("rival");
  expect(page.countries).toEqual(expect.arrayContaining([{ value: "IN", label: "India", detail: "IN" }]));

  // A URL the schema refuses still names its good ids, beside the message of the bad one.
  const wrong = await loadReportPage(w.a.ctx, "advanced", { dims: "campaign", metrics: "impressions", from: "2024-03-01", to: "2024-03-07", f: `campaign.in.${w.spring.id},x1` });
  expect(wrong.fieldErrors["filters.0.values.1"]).toBe("'x1' is not a campaign id");
  expect(wrong.filterLabels).toEqual({ campaign: { [String(w.spring.id)]: "Spring sale" } });
});
