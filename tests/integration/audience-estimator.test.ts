// The conversion estimator against a hand-computed dataset: reach
// of the targets minus the blocked audience, day by day as memberships run
// out, times the advertiser's goal rate of its last 30 days of delivery; the
// REST answer; read-only users may estimate; another licensee's advertiser or
// audience is not found; an audience of another advertiser is a field error.
import { db } from "@/lib/db";
import { toActionError } from "@/lib/actions/server-result";
import { NotFoundError } from "@/lib/errors";
import { tenantDb } from "@/lib/data/tenant-db";
import { estimateConversions } from "@/lib/audiences/estimator/queries";
import { EstimateInputSchema, ESTIMATOR_MESSAGES as M } from "@/lib/audiences/estimator/schema";
import { failureOf, memberOf } from "../helpers/calls";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;

async function world() {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const [t1, t2, blocked] = await Promise.all(["T1", "T2", "Blocked"].map((name) => f.makeAudience(advertiser, { name })));
  const member = (audienceId: number, userKey: string, expiresAt: Date) => ({ audienceId, userKey, origin: "CRM", expiresAt });
  await db.audienceMember.createMany({
    data: [
      member(t1.id, "u1", new Date(NOW.getTime() + 40 * DAY)), // all 30 days
      member(t1.id, "u2", new Date("2026-11-25T06:00:00Z")), // days 0 to 5 in T1
      member(t1.id, "u3", new Date(NOW.getTime() - 3_600_000)), // expired: never counted
      member(t2.id, "u2", new Date(NOW.getTime() + 40 * DAY)), // u2 stays in the union through T2
      member(t2.id, "u4", new Date("2026-11-21T00:00:00Z")), // today only
      member(t2.id, "u5", new Date(NOW.getTime() + 40 * DAY)), // blocked
      member(blocked.id, "u5", new Date(NOW.getTime() + 40 * DAY)),
    ],
  });
  const campaign = await f.makeCampaign(advertiser);
  const strategy = await f.makeStrategy(campaign);
  // One hour of each day (the rollups of days and of the advertiser follow by triggers).
  const daily = (day: string, impressionUniqUsers: number, installUniqUsers: number) => ({
    hour: new Date(`${day}T06:00:00Z`), licenseeId: licensee.id, advertiserId: advertiser.id, campaignId: campaign.id, strategyId: strategy.id,
    impressionUniqUsers: BigInt(impressionUniqUsers), installUniqUsers: BigInt(installUniqUsers),
  });
  await db.deliveryStrategyHourly.createMany({
    data: [
      daily("2026-11-19", 800, 8),
      daily("2026-10-21", 200, 2), // the window's first day
      daily("2026-10-20", 1000, 500), // before the window
      daily("2026-11-20", 1000, 1000), // today: not a full day yet
    ],
  });
  const input = (overrides: Record<string, unknown> = {}) => EstimateInputSchema.parse({ advertiserId: advertiser.id, targetIds: [t1.id, t2.id], blockedIds: [blocked.id], goal: "INSTALL", ...overrides });
  return { licensee, ctx, advertiser, t1, t2, blocked, input };
}

test("reach and expected installs by hand: union minus blocked, day by day, × 10 / 1000", async () => {
  const w = await world();
  const e = await estimateConversions(tenantDb(w.ctx), w.input(), NOW);
  // Union: u1 (30 days), u2 (30 days through T2), u4 (today only); u3 expired, u5 blocked.
  expect(e.days).toHaveLength(30);
  expect(e.days.slice(0, 3).map((d) => [d.day, d.reach])).toEqual([["2026-11-20", 3], ["2026-11-21", 2], ["2026-11-22", 2]]);
  expect(e.days.every((d, i) => d.reach === (i === 0 ? 3 : 2))).toBe(true);
  expect(e).toMatchObject({ reach: 3, rate: 0.01, basis: { reachedUsers: 1000, goalUsers: 10, from: "2026-10-21", to: "2026-11-19" } });
  // (3 + 29 × 2) × 1 % = 0.61
  expect(e.expected).toBeCloseTo(0.61, 10);
  // T1: u1 30 days + u2 days 0-5 (6 days) = 36 member-days; T2: u2 30 + u4 1 = 31 (u5 blocked).
  expect(e.byAudience.map((a) => [a.name, a.reach])).toEqual([["T1", 2], ["T2", 2]]);
  expect(e.byAudience[0].expected).toBeCloseTo(0.36, 10);
  expect(e.byAudience[1].expected).toBeCloseTo(0.31, 10);
  expect(e.days[5].expected).toBeCloseTo(0.02, 10);
});

test("no delivery of the goal: rate 0; a read-only user may estimate; without blocks the blocked user counts", async () => {
  const w = await world();
  const ro = await memberOf(w.licensee.id, "RO");
  const e = await estimateConversions(tenantDb(ro), w.input({ goal: "CONVERSION", blockedIds: [] }), NOW);
  expect(e).toMatchObject({ reach: 4, rate: 0, expected: 0 });
});

test("another licensee's advertiser or audience is not found; another advertiser's audience is a field error", async () => {
  const w = await world();
  const other = await f.makeTenant();
  expect(await failureOf(estimateConversions(tenantDb(other.ctx), w.input(), NOW))).toBeInstanceOf(NotFoundError);
  const foreign = await f.makeAudience(await f.makeAdvertiser(other.licensee.id));
  expect(await failureOf(estimateConversions(tenantDb(w.ctx), w.input({ blockedIds: [foreign.id] }), NOW))).toBeInstanceOf(NotFoundError);
  const sibling = await f.makeAudience(await f.makeAdvertiser(w.licensee.id));
  const error = await failureOf(estimateConversions(tenantDb(w.ctx), w.input({ targetIds: [w.t1.id, sibling.id] }), NOW));
  expect(toActionError(error).fieldErrors).toEqual({ targetIds: M.otherAdvertiser });
});
