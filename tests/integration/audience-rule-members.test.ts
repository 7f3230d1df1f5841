// Rule-based membership (lib/audiences/members/rules.ts) against a small
// hand-made event set: an OR of AND groups, each rule over its own look-back,
// contains / does not contain / equals, page frequency counting the group's
// own pages, event count, the mobile audience's OS, and the counts after.
import { db } from "@/lib/db";
import { systemTenantDb } from "@/lib/data/tenant-db";
import { userKeyOf } from "@/lib/audiences/identifiers";
import { evaluateAudienceRules } from "@/lib/audiences/members/rules";
import { refreshAllAudienceUserCounts } from "@/lib/audiences/members/refresh-all";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2026-03-10T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const key = (name: string) => userKeyOf(name, "ADID");

type Rule = { groupIndex: number; filterId: number; operatorId: number; value: string; duration?: number; durationUnit?: string };

async function world() {
  const { licensee } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const ev = (name: string, event: string, h: number, extra: Record<string, unknown> = {}) => ({
    licenseeId: licensee.id, advertiserId: advertiser.id, userKey: key(name), event, occurredAt: hoursAgo(h), ...extra,
  });
  const page = (name: string, url: string, h: number, extra: Record<string, unknown> = {}) => ev(name, "page_view", h, { pageUrl: url, ...extra });
  await db.userEvent.createMany({
    data: [
      page("anna", "/product/1", 5), page("anna", "/product/2", 30), page("anna", "/checkout", 6),
      page("ben", "/product/1", 5), page("ben", "/home", 7, { referrerUrl: "https://news.example/a" }),
      page("carl", "/product/1", 24 * 40), page("carl", "/product/2", 24 * 41), page("carl", "/home", 2),
      ev("dora", "install", 3, { osTypeId: 4 }), ev("dora", "af_purchase", 2, { osTypeId: 4 }), ev("dora", "af_purchase", 1, { osTypeId: 4 }),
      ev("emil", "af_purchase", 2, { osTypeId: 3 }), ev("emil", "af_purchase", 1, { osTypeId: 3 }),
      ev("fay", "install", 2, { osTypeId: 4 }),
    ],
  });
  const client = systemTenantDb(licensee.id);
  async function membersOf(source: "WEBSITE" | "MOBILE", rules: Rule[], osTypeId: number | null = null) {
    const audience = await f.makeAudience(advertiser, { source, osTypeId });
    await db.audienceRule.createMany({ data: rules.map((r) => ({ audienceId: audience.id, duration: 30, durationUnit: "DAY", ...r })) });
    const result = await client.$transaction((tx) => evaluateAudienceRules(tx, audience.id, NOW));
    const rows = await db.audienceMember.findMany({ where: { audienceId: audience.id } });
    const names = ["anna", "ben", "carl", "dora", "emil", "fay"].filter((n) => rows.some((r) => r.userKey === key(n)));
    return { names, result };
  }
  return { membersOf };
}

describe("rule-based audience members", () => {
  it("page URL contains AND page frequency counts the group's own pages, within the look-back", async () => {
    const { membersOf } = await world();
    // Two product page views in 30 days: anna (carl's are 40 days old; ben has one).
    const { names, result } = await membersOf("WEBSITE", [
      { groupIndex: 0, filterId: 1, operatorId: 1, value: "/PRODUCT" },
      { groupIndex: 0, filterId: 17, operatorId: 3, value: "2" },
    ]);
    expect(names).toEqual(["anna"]);
    expect(result.matched).toBe(1);
    expect(result.counts).toMatchObject({ totalUU: 1, dailyUU: 1 });
  });

  it("an OR of groups; does not contain; equals; a look-back in hours", async () => {
    const { membersOf } = await world();
    // Group 1: visited, never the checkout (ben, carl). Group 2: came from news (ben).
    expect((await membersOf("WEBSITE", [{ groupIndex: 0, filterId: 1, operatorId: 2, value: "checkout" }])).names).toEqual(["ben", "carl"]);
    expect(
      (await membersOf("WEBSITE", [
        { groupIndex: 0, filterId: 1, operatorId: 4, value: "/checkout" },
        { groupIndex: 1, filterId: 2, operatorId: 1, value: "news.example" },
      ])).names,
    ).toEqual(["anna", "ben"]);
    // Product pages in the last 24 hours: anna and ben (anna's second, 30 hours ago, is not needed).
    expect((await membersOf("WEBSITE", [{ groupIndex: 0, filterId: 1, operatorId: 1, value: "/product", duration: 24, durationUnit: "HOUR" }])).names).toEqual(["anna", "ben"]);
    // Page frequency at most 1 (all pages in 30 days): ben has 2, carl 1 within 30 days.
    expect((await membersOf("WEBSITE", [{ groupIndex: 0, filterId: 17, operatorId: 5, value: "1" }])).names).toEqual(["carl"]);
  });

  it("event name and event count over a mobile audience's own OS", async () => {
    const { membersOf } = await world();
    // Android only: dora bought twice; emil bought on iOS.
    const purchasers = await membersOf(
      "MOBILE",
      [
        { groupIndex: 0, filterId: 5, operatorId: 4, value: "af_purchase" },
        { groupIndex: 0, filterId: 6, operatorId: 3, value: "2" },
      ],
      4,
    );
    expect(purchasers.names).toEqual(["dora"]);
    // Exactly one event of any kind: fay.
    expect((await membersOf("MOBILE", [{ groupIndex: 0, filterId: 6, operatorId: 4, value: "1" }], 4)).names).toEqual(["fay"]);
  });

  it("the daily job evaluates active rule-based audiences again: a user who newly matches joins; inactive and CRM audiences are only recounted", async () => {
    const { licensee } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const rule = { groupIndex: 0, filterId: 5, operatorId: 4, value: "af_purchase", duration: 30, durationUnit: "DAY" };
    const live = await f.makeAudience(advertiser, { source: "MOBILE", osTypeId: 4, kind: "MMP_RULE", active: true });
    const paused = await f.makeAudience(advertiser, { source: "MOBILE", osTypeId: 4, kind: "MMP_RULE", active: false });
    await db.audienceRule.createMany({ data: [live, paused].map((a) => ({ audienceId: a.id, ...rule })) });
    // A purchase arriving after the audience was made, never evaluated yet.
    await db.userEvent.create({ data: { licenseeId: licensee.id, advertiserId: advertiser.id, userKey: key("gus"), event: "af_purchase", osTypeId: 4, occurredAt: hoursAgo(3) } });

    const result = await refreshAllAudienceUserCounts(NOW);
    expect(result.evaluated).toBe(1);
    expect((await db.audienceMember.findMany({ where: { audienceId: live.id } })).map((m) => [m.userKey, m.origin])).toEqual([[key("gus"), "RULE"]]);
    expect(await db.audienceMember.count({ where: { audienceId: paused.id } })).toBe(0);
    expect((await db.audience.findUniqueOrThrow({ where: { id: live.id } })).totalUU).toBe(BigInt(1));
  });
});
