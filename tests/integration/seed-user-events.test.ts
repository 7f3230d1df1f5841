// The seed's user events (lib/seed/user-events.ts): a few hundred users per
// advertiser, deterministic, and the seeded rule-based audiences' unique users
// counted from their real members (no made-up totals).
import { db } from "@/lib/db";
import { seedDatabase } from "@/lib/seed";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
const TODAY = new Date("2026-03-15T09:30:00Z");

test("seeded events stay small and the rule-based audiences count their members", async () => {
  await seedDatabase(t.handle, { days: 1, today: TODAY });
  const perLicensee = await t.handle.raw.query<{ licenseeId: number; users: number; events: number }>(
    `SELECT "licenseeId", count(DISTINCT "userKey")::int AS users, count(*)::int AS events FROM "UserEvent" GROUP BY "licenseeId" ORDER BY 1`,
  );
  expect(perLicensee).toHaveLength(2);
  for (const l of perLicensee) {
    expect(l.users).toBeGreaterThan(500);
    expect(l.users).toBeLessThanOrEqual(5000);
  }
  // Every event lies before the seed's day, within 60 days.
  const range = await t.handle.raw.query<{ first: Date; last: Date }>(`SELECT min("occurredAt") AS first, max("occurredAt") AS last FROM "UserEvent"`);
  expect(new Date(range[0].last).getTime()).toBeLessThan(new Date("2026-03-15T00:00:00Z").getTime());
  expect(new Date(range[0].first).getTime()).toBeGreaterThanOrEqual(new Date("2026-01-14T00:00:00Z").getTime());

  const ruleBased = await db.audience.findMany({ where: { kind: "MMP_RULE", source: { in: ["WEBSITE", "MOBILE"] } }, include: { _count: { select: { members: true } } } });
  expect(ruleBased.length).toBeGreaterThan(0);
  for (const a of ruleBased) {
    expect(Number(a.totalUU)).toBe(a._count.members);
  }
  const visitors = ruleBased.filter((a) => a.source === "WEBSITE");
  expect(visitors.every((a) => a.totalUU > BigInt(0) && a.dailyUU > BigInt(0) && a.dailyUU <= a.totalUU)).toBe(true);
  // Members joined as their users came (not all at the seed's "now"), never after their last sighting: the users chart has a history.
  const [joins] = await t.handle.raw.query<{ days: number; late: number }>(
    `SELECT count(DISTINCT ("addedAt" AT TIME ZONE 'UTC')::date)::int AS days, count(*) FILTER (WHERE "addedAt" > "lastSeenAt")::int AS late FROM "AudienceMember" WHERE "origin" = 'RULE'`,
  );
  expect(joins.days).toBeGreaterThan(20);
  expect(joins.late).toBe(0);
  // The only other members are the seeded look-alikes', computed by the model (lib/audiences/lookalike/seed.ts).
  expect(await db.audienceMember.count({ where: { origin: { notIn: ["RULE", "LOOKALIKE"] } } })).toBe(0);
  const lookAlikes = await db.audience.findMany({ where: { source: "LOOK_ALIKE" }, include: { _count: { select: { members: true } } } });
  expect(lookAlikes.length).toBeGreaterThan(0);
  for (const a of lookAlikes) expect([a.lookAlikeStatus, Number(a.totalUU)]).toEqual(["LIVE", a._count.members]);
  expect(lookAlikes.every((a) => a._count.members > 0)).toBe(true);
});
