// The demo shows both sides of the optimize rule (business.md 9 "Optimize
// enabled at 30 days or 10 conversions", lib/seed/optimize-boundary.ts): two
// strategies a week old, whose seeded delivery gives 9 and 10 conversions
// through the rule's own reading of the stored lifetime totals, so Optimize is
// disabled on the one and enabled on the other; a short seed window holds
// them too, and no other strategy is that young.
import { db } from "@/lib/db";
import { licenseeClient } from "@/lib/data/tenant";
import { eligibilityOf, loadBlockingStrategy } from "@/lib/optimization/blocking/strategy";
import { seedDatabase } from "@/lib/seed";
import { BOUNDARY_START_DAYS_AGO, OPTIMIZE_BOUNDARY_STRATEGIES } from "@/lib/seed/optimize-boundary";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
jest.setTimeout(120_000);

const TODAY = new Date("2026-03-15T09:30:00Z");
const MIDNIGHT = new Date("2026-03-15T00:00:00Z");
const DAY_MS = 86_400_000;
const [NINE, TEN] = OPTIMIZE_BOUNDARY_STRATEGIES.map((s) => s.name);

/** The Optimize button's answer for the seeded strategy `name`, at the seed's "now". */
async function optimizeFor(name: string) {
  const strategy = await db.strategy.findFirstOrThrow({ where: { name } });
  const client = licenseeClient(db, strategy.licenseeId);
  return eligibilityOf(client, await loadBlockingStrategy(client, strategy.id), TODAY);
}

async function deliveredTo(name: string) {
  const sums = await db.deliveryHourly.aggregate({ where: { strategy: { name } }, _sum: { installs: true, conversions: true }, _count: true });
  return { installs: Number(sums._sum.installs), conversions: Number(sums._sum.conversions), rows: sums._count };
}

test("a week-old strategy with 9 conversions has Optimize disabled, one with 10 enabled", async () => {
  await seedDatabase(t.handle, { days: 14, today: TODAY });
  expect(NINE).toBe("iOS - Win-back new, 9 conversions");
  expect(TEN).toBe("iOS - Win-back new, 10 conversions");

  const nine = await optimizeFor(NINE);
  expect(nine).toMatchObject({ eligible: false, ageDays: BOUNDARY_START_DAYS_AGO, results: 9 });
  expect(nine.reason).toContain("It has run for 7 days with 9 installs/conversions.");
  expect(await optimizeFor(TEN)).toEqual({ eligible: true, reason: null, ageDays: BOUNDARY_START_DAYS_AGO, results: 10 });

  // One delivered hour a day of the week they ran, conversions and no installs, inside their schedule.
  expect(await deliveredTo(NINE)).toEqual({ installs: 0, conversions: 9, rows: BOUNDARY_START_DAYS_AGO });
  expect(await deliveredTo(TEN)).toEqual({ installs: 0, conversions: 10, rows: BOUNDARY_START_DAYS_AGO });
  const strategies = await db.strategy.findMany({ where: { name: { in: [NINE, TEN] } }, include: { creatives: true, creativeSets: true, pixels: true } });
  for (const s of strategies) {
    expect([s.startTime.toISOString(), s.active, s.creatives.length > 0, s.creativeSets.length, s.pixels.length > 0]).toEqual([
      new Date(MIDNIGHT.getTime() - 7 * DAY_MS).toISOString(), false, true, 1, true,
    ]);
  }

  // Every other strategy is 30 days old or more: without these two the boundary would not show.
  const young = await db.strategy.findMany({ where: { startTime: { gt: new Date(MIDNIGHT.getTime() - 30 * DAY_MS) } }, select: { name: true }, orderBy: { id: "asc" } });
  expect(young.map((s) => s.name)).toEqual([NINE, TEN]);
});

test("a one-day seed puts all their conversions in its day", async () => {
  await seedDatabase(t.handle, { days: 1, today: TODAY });
  expect((await optimizeFor(NINE)).results).toBe(9);
  expect((await optimizeFor(TEN)).results).toBe(10);
  expect(await deliveredTo(TEN)).toEqual({ installs: 0, conversions: 10, rows: 1 });
});
