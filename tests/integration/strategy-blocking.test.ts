// The strategy blocking dialog's server side (shell.md 2.13, 3, 4, 7; business.md 4):
// suggestions from the past 30 days of delivery minus the existing lists, with
// the catalogue's formulas; the existing targeting by name; optimize with the
// merge rules, versioned and audited, refused for ineligible strategies,
// read-only users and other licensees.
import "../helpers/action-session";
import { db } from "@/lib/db";
import type { SessionContext } from "@/lib/auth/context";
import { toActionError } from "@/lib/actions/server-result";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { tenantDb } from "@/lib/data/tenant-db";
import { optimizeStrategyAction } from "@/lib/optimization/blocking/actions";
import { INELIGIBLE_MESSAGE } from "@/lib/optimization/blocking/eligibility";
import { loadExistingTargeting } from "@/lib/optimization/blocking/existing-targeting";
import { optimizeStrategy } from "@/lib/optimization/blocking/optimize";
import { loadSuggestions } from "@/lib/optimization/blocking/suggestions";
import { eligibilityOf } from "@/lib/optimization/blocking/strategy";
import { refreshStrategyRollup } from "@/lib/metrics/rollup";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { requireSessionMock } from "../helpers/session-mock";

const t = useTestDatabase();

const DAY = 86_400_000;
const hoursAgo = (h: number) => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - h * 3_600_000);
let n = 0;

async function world(startDaysAgo = 40) {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id, { currencyCode: "EUR" });
  const campaign = await f.makeCampaign(advertiser, { currencyCode: "EUR", name: "Blocking campaign" });
  const creative = await f.makeCreative(advertiser);
  const tag = `${++n}-${licensee.id}`;
  const aggregators = await Promise.all([1, 2, 3, 4].map((i) => db.aggregator.create({ data: { name: `Exchange ${i} ${tag}` } })));
  const sites = await Promise.all([1, 2, 3].map((i) => db.inventorySite.create({ data: { name: `Site ${i} ${tag}`, domain: `site${i}-${tag}.example.com` } })));
  const strategy = await f.makeStrategy(campaign, {
    name: "Blocking strategy",
    startTime: new Date(Date.now() - startDaysAgo * DAY),
    inventory: {
      rtbAggregators: { targetList: [aggregators[0].id], blockedList: [] },
      rtbSites: { targetList: [], blockedList: [sites[0].id] },
    },
  });
  let hour = 0;
  // A fact and, as ingestion writes them, its strategy-hour of the rollup (which the running totals follow).
  const deliver = async (where: { aggregatorId?: number; siteId?: number }, sums: Record<string, number | string>, ago = ++hour) => {
    await db.deliveryHourly.create({
      data: {
        hour: hoursAgo(ago), licenseeId: licensee.id, advertiserId: advertiser.id, campaignId: campaign.id, strategyId: strategy.id, creativeId: creative.id,
        ...where, ...sums,
      },
    });
    await refreshStrategyRollup(t.handle.raw, { licenseeId: licensee.id, from: hoursAgo(ago), to: hoursAgo(ago - 1) });
  };
  return { licensee, ctx, advertiser, campaign, creative, aggregators, sites, strategy, deliver };
}

async function member(licenseeId: number, role: "RO" | "DEMO"): Promise<SessionContext> {
  const user = await f.makeUser(`${role.toLowerCase()}.${licenseeId}.${++n}@example.com`, [{ licenseeId, role }]);
  return f.ctxFor(user.id, licenseeId);
}

test("suggests what delivered in the past 30 days, minus the existing lists, with the catalogue's metrics in the strategy's currency", async () => {
  const w = await world();
  const [targeted, a2, a3, old] = w.aggregators;
  await w.deliver({ aggregatorId: targeted.id }, { impressions: 100, revenue: "50" });
  await w.deliver({ aggregatorId: a2.id }, { impressions: 1000, clicks: 20, installs: 4, conversions: 1, revenue: "10", cost: "8", advRevenue: "30" });
  await w.deliver({ aggregatorId: a2.id }, { impressions: 1000, clicks: 20, installs: 0, conversions: 1, revenue: "10", cost: "8", advRevenue: "10" });
  await w.deliver({ aggregatorId: a3.id }, { impressions: 500, clicks: 0, revenue: "40", cost: "30" });
  await w.deliver({ aggregatorId: old.id }, { impressions: 500, revenue: "99" }, 31 * 24 + 2); // before the window

  const s = await loadSuggestions(w.ctx, w.strategy.id, "aggregator");
  expect(s.currencyCode).toBe("EUR");
  expect(s.recommendationList.map((r) => r.id)).toEqual([a3.id, a2.id]); // most advertiser spend first
  expect(s.recommendationList[1]).toEqual({
    id: a2.id, name: a2.name,
    revenue: 20, cost: 16,
    ecpi: 4, ecpa: 8, ctr: 2, ecpm: 8, ecpc: 0.4, iti: 500, ctc: 15, roi: 2,
  });
  // A zero denominator is no value.
  expect(s.recommendationList[0]).toMatchObject({ ctr: 0, ecpc: null, ecpi: null, iti: null, ctc: null });

  // Sites: the blocked one is not suggested again.
  await w.deliver({ siteId: w.sites[0].id }, { impressions: 10, revenue: "1" });
  await w.deliver({ siteId: w.sites[1].id }, { impressions: 10, revenue: "1" });
  expect((await loadSuggestions(w.ctx, w.strategy.id, "site")).recommendationList.map((r) => r.name)).toEqual([w.sites[1].name]);

  // A read-only user sees no media cost and no eCPx (shell.md 6).
  const ro = await loadSuggestions(await member(w.licensee.id, "RO"), w.strategy.id, "aggregator");
  expect(ro.recommendationList[1]).toMatchObject({ revenue: 20, cost: null, ecpi: null, ecpa: null, ecpm: null, ecpc: null, ctr: 2, roi: 2 });
});

test("reads the existing targeting by name, with its mode and the strategy's version", async () => {
  const w = await world();
  expect(await loadExistingTargeting(w.ctx, w.strategy.id, "aggregator")).toEqual({
    entity: "aggregator", version: 1, mode: "target", targetList: [{ id: w.aggregators[0].id, name: w.aggregators[0].name }], blockedList: [],
  });
  expect(await loadExistingTargeting(w.ctx, w.strategy.id, "site")).toMatchObject({ mode: "blocked", blockedList: [{ id: w.sites[0].id, name: w.sites[0].name }] });
});

test("blocking replaces a target list and merges into a blocked list, in one versioned, audited write", async () => {
  const w = await world();
  const [targeted, a2, a3] = w.aggregators;
  const result = await optimizeStrategy(scopeOf(w.ctx), w.strategy.id, { aggregatorIds: [a2.id, a3.id], version: 1 });
  expect(result).toEqual({ strategyId: w.strategy.id, version: 2, rtbAggregators: { targetList: [], blockedList: [a2.id, a3.id] } });
  const sites = await optimizeStrategy(scopeOf(w.ctx), w.strategy.id, { siteIds: [w.sites[1].id], version: 2 });
  expect(sites.rtbSites).toEqual({ targetList: [], blockedList: [w.sites[0].id, w.sites[1].id] });

  const stored = await db.strategy.findUniqueOrThrow({ where: { id: w.strategy.id } });
  expect(stored.version).toBe(3);
  expect(stored.inventory).toEqual({
    rtbAggregators: { targetList: [], blockedList: [a2.id, a3.id] },
    rtbSites: { targetList: [], blockedList: [w.sites[0].id, w.sites[1].id] },
  });
  const logs = await db.activityLog.findMany({ where: { entityType: "STRATEGY", entityId: w.strategy.id }, include: { fields: true }, orderBy: { id: "asc" } });
  expect(logs).toHaveLength(2);
  expect(logs[0]).toMatchObject({ action: "UPDATE", entityName: "Blocking strategy", entityAdvertiserId: w.advertiser.id });
  const fields = Object.fromEntries(logs[0].fields.map((x) => [x.fieldName, [x.oldValue, x.newValue]]));
  expect(fields["Targeted Exchanges"]?.[0]).toContain(targeted.name);
  expect(fields["Blocked Exchanges"]?.[1]).toContain(a2.name);
  expect(fields["Blocked Exchanges"]?.[1]).toContain(a3.name);
  expect(logs[1].fields.map((x) => x.fieldName)).toEqual(["Blocked Sites"]);

  // The suggestions no longer offer what is blocked now.
  await w.deliver({ aggregatorId: a2.id }, { impressions: 10, revenue: "1" });
  expect((await loadSuggestions(w.ctx, w.strategy.id, "aggregator")).recommendationList).toEqual([]);
});

test("a stale version is refused as a change by someone else, and nothing is written", async () => {
  const w = await world();
  await expect(optimizeStrategy(scopeOf(w.ctx), w.strategy.id, { aggregatorIds: [w.aggregators[1].id], version: 0 })).rejects.toThrow(
    new ConflictError("This strategy was changed by someone else"),
  );
  expect((await db.strategy.findUniqueOrThrow({ where: { id: w.strategy.id } })).version).toBe(1);
  expect(await db.activityLog.count({ where: { entityType: "STRATEGY", entityId: w.strategy.id } })).toBe(0);
});

test("an ineligible strategy (under 30 days, under 10 installs/conversions) is refused by the server; 10 results make it eligible", async () => {
  const w = await world(5);
  await w.deliver({ aggregatorId: w.aggregators[1].id }, { installs: 5, conversions: 4 });
  const refused = optimizeStrategy(scopeOf(w.ctx), w.strategy.id, { aggregatorIds: [w.aggregators[1].id] });
  await expect(refused).rejects.toBeInstanceOf(ConflictError);
  await expect(optimizeStrategy(scopeOf(w.ctx), w.strategy.id, { aggregatorIds: [w.aggregators[1].id] })).rejects.toThrow(INELIGIBLE_MESSAGE);
  expect(await eligibilityOf(tenantDb(w.ctx), w.strategy)).toMatchObject({ eligible: false, ageDays: 5, results: 9 });
  await w.deliver({ aggregatorId: w.aggregators[2].id }, { installs: 1 });
  await expect(optimizeStrategy(scopeOf(w.ctx), w.strategy.id, { aggregatorIds: [w.aggregators[1].id] })).resolves.toMatchObject({ version: 2 });
});

test("read-only and demo users, other licensees, unknown ids and empty payloads change nothing", async () => {
  const w = await world();
  const other = await world();
  const body = { aggregatorIds: [w.aggregators[1].id] };
  for (const role of ["RO", "DEMO"] as const) {
    requireSessionMock.mockResolvedValue(await member(w.licensee.id, role));
    expect(await optimizeStrategyAction({ strategyId: w.strategy.id, ...body })).toMatchObject({ ok: false, status: 403 });
  }
  await expect(optimizeStrategy(scopeOf(other.ctx), w.strategy.id, body)).rejects.toBeInstanceOf(NotFoundError);
  await expect(loadSuggestions(other.ctx, w.strategy.id, "aggregator")).rejects.toBeInstanceOf(NotFoundError);
  await expect(loadExistingTargeting(other.ctx, w.strategy.id, "site")).rejects.toBeInstanceOf(NotFoundError);
  const unknown = await optimizeStrategy(scopeOf(w.ctx), w.strategy.id, { siteIds: [2_000_000_000] }).catch((e: unknown) => toActionError(e));
  expect(unknown).toMatchObject({ status: 400, fieldErrors: { siteIds: "Unknown id: it is not in the dictionary." } });
  const empty = await optimizeStrategy(scopeOf(w.ctx), w.strategy.id, { siteIds: [], aggregatorIds: [] }).catch((e: unknown) => toActionError(e));
  expect(empty).toMatchObject({ status: 400 });
  expect((await db.strategy.findUniqueOrThrow({ where: { id: w.strategy.id } })).version).toBe(1);
  expect(await db.activityLog.count({ where: { entityType: "STRATEGY", entityId: w.strategy.id } })).toBe(0);
});
