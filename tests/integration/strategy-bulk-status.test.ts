// "Select all matching" on the strategy list (shell.md 4 bulk activation):
// activate / deactivate every strategy the list's filters match, found on the
// server from the filters (not from ids sent by the browser), all or nothing
// with the activation rules (SKAD privilege, paused parents).
import { db } from "@/lib/db";
import { ConflictError, ForbiddenError } from "@/lib/errors";
import { setActiveByFilter } from "@/lib/entities/bulk";
import { scopeOf } from "@/lib/data/scope";
import { setActiveByFilterAction } from "@/lib/entities/actions";
import { executeAction } from "@/lib/actions/define-action";
import type { ListFilters } from "@/lib/list/where";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { strategyWorld } from "./strategy-world";

useTestDatabase();
jest.setTimeout(120_000);

async function world(count: number) {
  const w = await strategyWorld();
  const row = (name: string) => ({
    licenseeId: w.licensee.id,
    advertiserId: w.advertiser.id,
    campaignId: w.campaign.id,
    name,
    active: false,
    type: "MULTI_DEVICE" as const,
    startTime: new Date("2030-01-01T00:00:00Z"),
    pricingType: "CPM" as const,
    pricingValue: "1.5",
  });
  await db.strategy.createMany({ data: Array.from({ length: count }, (_, i) => row(`Spring ${i + 1}`)) });
  const other = await db.strategy.create({ data: row("Autumn") });
  return { ...w, other };
}

const inactiveSpring = (campaignId: number): ListFilters => ({ q: "spring", status: "inactive", advertiserId: null, campaignId });
const activeCount = (campaignId: number) => db.strategy.count({ where: { campaignId, active: true } });

test("activates all 2,000 strategies the filters match, and only those, with one activity row each", async () => {
  const w = await world(2000);
  const started = Date.now();
  const result = await setActiveByFilter(scopeOf(w.ctx), { entity: "strategy", filters: inactiveSpring(w.campaign.id), active: true });
  console.log(`2000 strategies activated by filter in ${Date.now() - started} ms`);
  expect(result).toEqual({ changed: 2000, total: 2000 });
  expect(await activeCount(w.campaign.id)).toBe(2000);
  expect((await db.strategy.findUniqueOrThrow({ where: { id: w.other.id } })).active).toBe(false);
  expect(await db.activityLog.count({ where: { action: "ACTIVATE", entityType: "STRATEGY" } })).toBe(2000);

  // The campaign's page scope is the campaign whatever the filters say.
  const back = await setActiveByFilter(scopeOf(w.ctx), {
    entity: "strategy",
    filters: { q: "", status: "active", advertiserId: null, campaignId: null },
    scope: { campaignId: w.campaign.id },
    active: false,
  });
  expect(back).toEqual({ changed: 2000, total: 2000 });
  expect(await activeCount(w.campaign.id)).toBe(0);
});

test("one refusal commits nothing and names the strategy", async () => {
  const w = await world(2000);
  // business.md 6: a SKAd-optimised strategy is activated only under a campaign with the SKAD privilege.
  const skad = await db.strategy.findFirstOrThrow({ where: { name: "Spring 1234" } });
  await db.strategy.update({ where: { id: skad.id }, data: { skadOptimised: true } });
  const error = await setActiveByFilter(scopeOf(w.ctx), { entity: "strategy", filters: inactiveSpring(w.campaign.id), active: true }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConflictError);
  expect((error as Error).message).toContain('Strategy "Spring 1234"');
  expect(await activeCount(w.campaign.id)).toBe(0);
  expect(await db.activityLog.count()).toBe(0);

  // A paused campaign refuses activation of its strategies the same way.
  await db.strategy.update({ where: { id: skad.id }, data: { skadOptimised: false } });
  await db.campaign.update({ where: { id: w.campaign.id }, data: { active: false } });
  await expect(setActiveByFilter(scopeOf(w.ctx), { entity: "strategy", filters: inactiveSpring(w.campaign.id), active: true })).rejects.toThrow("cannot be activated while its campaign is inactive");
  expect(await activeCount(w.campaign.id)).toBe(0);
});

test("read-only users are refused; another licensee's filters match none of these rows", async () => {
  const w = await world(3);
  const user = await f.makeUser("ro.status@example.com", [{ licenseeId: w.licensee.id, role: "RO" }]);
  const ro = await f.ctxFor(user.id, w.licensee.id);
  await expect(executeAction(setActiveByFilterAction.definition, ro, { entity: "strategy", filters: inactiveSpring(w.campaign.id), active: true })).rejects.toBeInstanceOf(ForbiddenError);
  const other = await f.makeTenant();
  await expect(setActiveByFilter(scopeOf(other.ctx), { entity: "strategy", filters: inactiveSpring(w.campaign.id), active: true })).rejects.toThrow("No strategy matches the filters.");
  expect(await activeCount(w.campaign.id)).toBe(0);
});
