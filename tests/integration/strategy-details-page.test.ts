// The data of /strategy/details/{id} (lib/strategies/page.ts): the header
// facts, the five review sections, delivery tiles and daily chart over the
// user's date range, pacing against advertiser spend; another licensee's or a
// malformed id is not found; read-only users get no attribution-type row and
// no enabled control; demo users no analytics; an archived strategy no control.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { createStrategy } from "@/lib/strategies/mutations";
import { loadStrategyDetailsPage } from "@/lib/strategies/page";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { strategyInput, strategyWorld } from "./strategy-world";

useTestDatabase();

async function world() {
  const w = await strategyWorld();
  const s = await createStrategy(w, strategyInput(w, { name: "Prospecting EU" }));
  const owner = { id: s.id, licenseeId: w.licensee.id, advertiserId: w.advertiser.id, campaignId: w.campaign.id };
  await f.makeUtcTimezone();
  await f.deliverStrategyHour(owner, "2024-03-05T10:00:00Z", { impressions: 100, revenue: "10" });
  await f.deliverStrategyHour(owner, "2024-03-07T10:00:00Z", { impressions: 40, revenue: "4" });
  return { ...w, strategyId: s.id };
}

/** A user of the world's licensee reading March 2024 in UTC. */
async function reader(w: Awaited<ReturnType<typeof world>>, role: "RO" | "DEMO" | "RW") {
  const user = await f.makeUser(`${role.toLowerCase()}.${w.licensee.id}.${Date.now()}@example.com`, [{ licenseeId: w.licensee.id, role }]);
  await db.userSettings.create({ data: { userId: user.id, timezoneId: f.MARCH_2024_UTC.timezoneId, dateRange: { preset: "custom", from: "2024-03-01", to: "2024-03-31" } } });
  return f.ctxFor(user.id, w.licensee.id);
}

const rowKeys = (page: Awaited<ReturnType<typeof loadStrategyDetailsPage>>) => page.sections.flatMap((s) => s.rows.map((r) => r.key));

test("the header, the five sections, tiles and daily chart of the user's range, pacing and the edit route", async () => {
  const w = await world();
  const page = await loadStrategyDetailsPage(await reader(w, "RW"), String(w.strategyId));
  expect(page.strategy).toEqual({ id: w.strategyId, name: "Prospecting EU", active: true, isArchived: false });
  expect(page.advertiser).toEqual({ id: w.advertiser.id, name: w.advertiser.name, currencyCode: "EUR" });
  expect(page.campaign).toEqual({ id: w.campaign.id, name: w.campaign.name });
  expect(page.sections.map((s) => s.title)).toEqual(["BASICS", "BUDGET & BIDDING", "DELIVERY TARGETING", "INVENTORY", "CREATIVE SETS"]);
  expect(page.sections[0].rows.find((r) => r.key === "attributionType")?.value).toBe("Deterministic");
  expect([page.canWrite, page.editHref]).toEqual([true, `/strategy/create/${w.strategyId}`]);
  expect(page.dateRange).toMatchObject({ from: "2024-03-01", to: "2024-03-31", stored: { preset: "custom" } });
  const tile = (id: string) => page.overview?.tiles.find((t) => t.id === id)?.value;
  expect([tile("impressions"), tile("revenue")]).toEqual([140, 14]);
  expect(page.overview?.daily.filter((d) => (d.values.impressions ?? 0) > 0).map((d) => d.day)).toEqual(["2024-03-05", "2024-03-07"]);
  // Advertiser spend (revenue) so far against the strategy's budget (30000) and daily budget (1234.56).
  expect(page.pacing?.lifetime).toMatchObject({ budget: "30000", spent: "14" });
  expect(page.pacing?.daily).toMatchObject({ budget: "1234.56" });
  // Plain values only: the page hands them to client components as they are.
  expect(JSON.parse(JSON.stringify(page))).toEqual(page);
});

test("read-only users get no attribution-type row and no enabled control; demo users no analytics", async () => {
  const w = await world();
  const ro = await loadStrategyDetailsPage(await reader(w, "RO"), w.strategyId);
  expect(rowKeys(ro)).not.toContain("attributionType");
  expect(ro.sections.flatMap((s) => s.rows).some((r) => /attribution/i.test(r.label))).toBe(false);
  expect(ro.canWrite).toBe(false);
  expect(ro.overview).not.toBeNull();

  const demo = await loadStrategyDetailsPage(await reader(w, "DEMO"), w.strategyId);
  expect([demo.canWrite, demo.overview]).toEqual([false, null]);
  expect(rowKeys(demo)).toContain("attributionType");
});

test("an archived strategy keeps its page with no control", async () => {
  const w = await world();
  await db.strategy.update({ where: { id: w.strategyId }, data: { active: false, isArchived: true } });
  const page = await loadStrategyDetailsPage(await reader(w, "RW"), w.strategyId);
  expect([page.strategy.isArchived, page.canWrite]).toEqual([true, false]);
});

test("another licensee's strategy, a missing one and a malformed id are not found", async () => {
  const w = await world();
  const other = await f.makeTenant();
  await expect(loadStrategyDetailsPage(other.ctx, w.strategyId)).rejects.toThrow(NotFoundError);
  await expect(loadStrategyDetailsPage(w.ctx, w.strategyId + 1000)).rejects.toThrow(NotFoundError);
  for (const id of ["abc", "-1", "1e3", ""]) await expect(loadStrategyDetailsPage(w.ctx, id)).rejects.toThrow(NotFoundError);
});
