// Exact unique-user counting (lib/audiences/members/counts.ts): totalUU counts
// unexpired members, the daily users are the members seen each UTC day (by
// their events or their lastSeenAt), dailyUU is yesterday's; re-adding a
// member renews it without a second row; another licensee's audience is not
// found and its counters stay.
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { systemTenantDb } from "@/lib/data/tenant-db";
import { userKeyOf } from "@/lib/audiences/identifiers";
import { refreshAudienceUserCounts, upsertMembers } from "@/lib/audiences/members/counts";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2026-03-10T12:00:00Z");
const at = (iso: string) => new Date(iso);
const key = (n: number) => userKeyOf(`device-${n}`, "ADID");

async function world() {
  const { licensee } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const audience = await f.makeAudience(advertiser, { userExpiryDays: 7, totalUU: 999, dailyUU: 99 });
  return { licensee, advertiser, audience, client: systemTenantDb(licensee.id) };
}

describe("refreshAudienceUserCounts", () => {
  it("counts unexpired members and the members seen on each day", async () => {
    const { licensee, advertiser, audience, client } = await world();
    // Users 1 and 2 had events yesterday (user 1 twice), user 3 two days ago.
    await db.userEvent.createMany({
      data: [
        { licenseeId: licensee.id, advertiserId: advertiser.id, userKey: key(1), event: "page_view", occurredAt: at("2026-03-09T08:00:00Z") },
        { licenseeId: licensee.id, advertiserId: advertiser.id, userKey: key(1), event: "page_view", occurredAt: at("2026-03-09T09:00:00Z") },
        { licenseeId: licensee.id, advertiserId: advertiser.id, userKey: key(2), event: "install", occurredAt: at("2026-03-09T23:59:00Z") },
        { licenseeId: licensee.id, advertiserId: advertiser.id, userKey: key(3), event: "install", occurredAt: at("2026-03-08T10:00:00Z") },
        // Not a member: never counted.
        { licenseeId: licensee.id, advertiserId: advertiser.id, userKey: key(9), event: "install", occurredAt: at("2026-03-09T10:00:00Z") },
      ],
    });
    await client.$transaction(async (tx) => {
      await upsertMembers(
        tx,
        audience.id,
        "RULE",
        [
          { userKey: key(1), lastSeenAt: at("2026-03-09T09:00:00Z") },
          { userKey: key(2), lastSeenAt: at("2026-03-09T23:59:00Z") },
          { userKey: key(3), lastSeenAt: at("2026-03-08T10:00:00Z") },
          // Last seen 8 days ago with a 7-day expiry: a member row, but expired.
          { userKey: key(4), lastSeenAt: at("2026-03-02T10:00:00Z") },
        ],
        NOW,
      );
    });
    const counts = await client.$transaction((tx) => refreshAudienceUserCounts(tx, audience.id, NOW));
    expect(counts).toEqual({ totalUU: 3, dailyUU: 2, day: "2026-03-09" });

    const stored = await db.audience.findUniqueOrThrow({ where: { id: audience.id } });
    expect([Number(stored.totalUU), Number(stored.dailyUU)]).toEqual([3, 2]);
    // The counters are not a user's edit: the version stays.
    expect(stored.version).toBe(audience.version);
    const days = await db.audienceDailyUsers.findMany({ where: { audienceId: audience.id }, orderBy: { day: "asc" } });
    expect(days.map((d) => [d.day.toISOString().slice(0, 10), d.users])).toEqual([
      ["2026-03-08", 1],
      ["2026-03-09", 2],
    ]);
  });

  it("renews a member added again (one row, later expiry, first origin kept)", async () => {
    const { audience, client } = await world();
    await upsertMembers(client, audience.id, "RULE", [{ userKey: key(1), lastSeenAt: at("2026-03-01T00:00:00Z") }], NOW);
    await upsertMembers(client, audience.id, "CRM", [{ userKey: key(1), lastSeenAt: at("2026-03-09T00:00:00Z") }, { userKey: key(1), lastSeenAt: at("2026-03-05T00:00:00Z") }], NOW);
    // An older sighting never moves the expiry back.
    await upsertMembers(client, audience.id, "CRM", [{ userKey: key(1), lastSeenAt: at("2026-02-01T00:00:00Z") }], NOW);
    const rows = await db.audienceMember.findMany({ where: { audienceId: audience.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].origin).toBe("RULE");
    expect(rows[0].lastSeenAt.toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(rows[0].expiresAt.toISOString()).toBe("2026-03-16T00:00:00.000Z");
    const counts = await refreshAudienceUserCounts(client, audience.id, NOW);
    expect(counts.totalUU).toBe(1);
    expect(counts.dailyUU).toBe(1); // seen yesterday (lastSeenAt)
  });

  it("another licensee's audience is not found and keeps its counters", async () => {
    const { audience } = await world();
    const other = await f.makeTenant();
    await expect(refreshAudienceUserCounts(systemTenantDb(other.licensee.id), audience.id, NOW)).rejects.toBeInstanceOf(NotFoundError);
    expect(await upsertMembers(systemTenantDb(other.licensee.id), audience.id, "CRM", [{ userKey: key(1) }], NOW)).toBe(0);
    const stored = await db.audience.findUniqueOrThrow({ where: { id: audience.id } });
    expect([Number(stored.totalUU), Number(stored.dailyUU)]).toEqual([999, 99]);
    expect(await db.audienceMember.count()).toBe(0);
  });
});
