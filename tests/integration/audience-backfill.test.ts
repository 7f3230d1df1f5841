// Backfill (business.md 3, 4, 5, 7, 8, 9): a rule's run adds exactly the users
// its query selects from a small hand-made event set (other advertisers'
// events, other identifier types and events past the look-back left out),
// writes backfilled, total and daily unique users, an activity row and a
// notification; one active rule per audience; IP backfill needs targeted and
// excluded events; validation answers 'Query verified successfully' or, past
// its timeout, 'Timeout, you can still submit the query'; a broken rule fails
// with 'Failed to backfill the audience'; the sweep claims due scheduled rules.
import { db } from "@/lib/db";
import { executeAction } from "@/lib/actions/define-action";
import { toActionError } from "@/lib/actions/server-result";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { systemTenantDb } from "@/lib/data/tenant-db";
import { userKeyOf } from "@/lib/audiences/identifiers";
import { addBackfillRuleAction } from "@/lib/audiences/backfill/actions";
import { BACKFILL_MESSAGES as M } from "@/lib/audiences/backfill/query";
import { runAudienceBackfill } from "@/lib/audiences/backfill/run";
import { addBackfillRule, getBackfillStatus, validateBackfillQuery } from "@/lib/audiences/backfill/service";
import { claimDueBackfills } from "@/lib/audiences/backfill/sweep";
import { failureOf } from "../helpers/calls";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2026-03-10T12:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
const key = (name: string) => userKeyOf(name, "ADID");

async function world() {
  const { licensee, ctx, user } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const other = await f.makeAdvertiser(licensee.id);
  const audience = await f.makeAudience(advertiser, { name: "Shop visitors", userExpiryDays: 30 });
  const ev = (userKey: string, event: string, ago: number, extra: Record<string, unknown> = {}) => ({
    licenseeId: licensee.id, advertiserId: advertiser.id, userKey, event, occurredAt: daysAgo(ago), ...extra,
  });
  const page = (name: string, url: string, ago: number, extra: Record<string, unknown> = {}) => ev(key(name), "page_view", ago, { pageUrl: `https://shop.test${url}`, ...extra });
  await db.userEvent.createMany({
    data: [
      // anna: two product pages and a purchase yesterday.
      page("anna", "/product/1", 2), page("anna", "/Product/2", 3), ev(key("anna"), "af_purchase", 1),
      // ben: one product page only.
      page("ben", "/product/1", 5),
      // carl: two product pages, but 40 days ago (past the 30-day look-back).
      page("carl", "/product/9", 40), page("carl", "/product/9", 41),
      // dora: a cart page from a search engine, and add_to_cart.
      page("dora", "/cart", 1, { referrerUrl: "https://search.example/?q=shoes" }), ev(key("dora"), "add_to_cart", 1),
      // emil: three product pages of another advertiser.
      ...[1, 2, 3].map((d) => ({ ...page("emil", "/product/3", d), advertiserId: other.id })),
      // fay: two product pages, known by IP only (the audience reads ADID events).
      page("fay", "/product/4", 1, { identifierType: "IP" }), page("fay", "/product/4", 2, { identifierType: "IP" }),
      // gus: two product pages two days ago, no purchase.
      page("gus", "/product/5", 2), page("gus", "/product/6", 2),
    ],
  });
  return { licensee, ctx, user, advertiser, audience, client: systemTenantDb(licensee.id) };
}

const PRODUCT_VISITORS = { template: "VISITED_PAGE", text: "/product", minCount: "2", days: "30", schedule: "ONCE" };
const memberKeys = async (audienceId: number) => (await db.audienceMember.findMany({ where: { audienceId }, orderBy: { userKey: "asc" } })).map((m) => m.userKey);
const keys = (...names: string[]) => names.map(key).sort();

describe("backfill run", () => {
  it("adds exactly the users the query selects and writes the counts, an activity row and a notification", async () => {
    const { ctx, user, audience, client } = await world();
    await addBackfillRule(scopeOf(ctx), audience.id, PRODUCT_VISITORS);
    const outcome = await runAudienceBackfill(client, audience.id, NOW);
    // anna and gus: two product pages within 30 days (case ignored); ben one, carl too old, emil another advertiser, fay IP.
    // Seen yesterday: anna (her purchase).
    expect(outcome).toMatchObject({ status: "SUCCEEDED", users: 2, totalUU: 2, dailyUU: 1 });
    expect(await memberKeys(audience.id)).toEqual(keys("anna", "gus"));
    const anna = await db.audienceMember.findUniqueOrThrow({ where: { audienceId_userKey: { audienceId: audience.id, userKey: key("anna") } } });
    expect(anna.origin).toBe("BACKFILL");
    expect(anna.lastSeenAt.toISOString()).toBe(daysAgo(1).toISOString()); // her latest event in the look-back (the purchase)
    expect(anna.expiresAt.toISOString()).toBe(new Date(daysAgo(1).getTime() + 30 * 86_400_000).toISOString());

    const status = await getBackfillStatus(ctx, audience.id);
    expect(status).toMatchObject({ backfilledUU: 2, totalUU: 2, dailyUU: 1 });
    expect(status.rule).toMatchObject({ runStatus: "SUCCEEDED", lastRunUsers: 2, active: true, schedule: "ONCE", nextRunAt: null });
    expect(status.rule?.sentence).toBe('Users who visited a page containing "/product" at least 2 times in the last 30 days');

    const log = await db.activityLog.findFirstOrThrow({ where: { entityId: audience.id, userName: "System" }, include: { fields: true } });
    expect(log.message).toContain(`${M.backfilled}: 2 users`);
    expect(log.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["backfilledUU", "0", "2"]]);
    const notes = await db.notification.findMany({ where: { userId: user.id } });
    expect(notes.map((n) => n.content)).toEqual([M.backfilled]);
  });

  it("narrows by targeted and excluded events", async () => {
    const { ctx, audience, client } = await world();
    await addBackfillRule(scopeOf(ctx), audience.id, { ...PRODUCT_VISITORS, excludedEvents: "af_purchase" });
    expect(await runAudienceBackfill(client, audience.id, NOW)).toMatchObject({ status: "SUCCEEDED", users: 1 });
    expect(await memberKeys(audience.id)).toEqual(keys("gus"));
    await addBackfillRule(scopeOf(ctx), audience.id, { template: "ANY_ACTIVITY", days: "30", targetedEvents: ["af_purchase", "add_to_cart"] });
    expect(await runAudienceBackfill(client, audience.id, NOW)).toMatchObject({ status: "SUCCEEDED", users: 2 });
    // gus stays a member (his membership has not expired); anna and dora join.
    expect(await memberKeys(audience.id)).toEqual(keys("anna", "dora", "gus"));
    expect(Number((await db.audience.findUniqueOrThrow({ where: { id: audience.id } })).backfilledUU)).toBe(2);
  });

  it("backfills a rule-based audience by its own rules over the stored events", async () => {
    const { ctx, audience, client } = await world();
    // Product pages at least twice in 30 days: the seed's website rule.
    await db.audienceRule.createMany({
      data: [
        { audienceId: audience.id, groupIndex: 0, filterId: 1, operatorId: 1, value: "/product", queryName: "page_url" },
        { audienceId: audience.id, groupIndex: 0, filterId: 17, operatorId: 3, value: "2", queryName: "page_frequency" },
      ],
    });
    const rulesQuery = { template: "AUDIENCE_RULES", excludedEvents: "af_purchase" };
    await addBackfillRule(scopeOf(ctx), audience.id, rulesQuery);
    // anna and gus match the rules; anna bought, so only gus.
    expect(await runAudienceBackfill(client, audience.id, NOW)).toMatchObject({ status: "SUCCEEDED", users: 1 });
    expect(await memberKeys(audience.id)).toEqual(keys("gus"));
    expect((await getBackfillStatus(ctx, audience.id)).rule?.sentence).toBe("Users who match the audience's rules, who fired none of af_purchase");
    await addBackfillRule(scopeOf(ctx), audience.id, { template: "AUDIENCE_RULES" });
    expect(await runAudienceBackfill(client, audience.id, NOW)).toMatchObject({ status: "SUCCEEDED", users: 2 });
    expect(await memberKeys(audience.id)).toEqual(keys("anna", "gus"));
  });

  it("keeps one active rule per audience", async () => {
    const { ctx, audience } = await world();
    await addBackfillRule(scopeOf(ctx), audience.id, PRODUCT_VISITORS);
    const second = await addBackfillRule(scopeOf(ctx), audience.id, { template: "REFERRED_FROM", text: "search.example", days: "7", schedule: "WEEKLY" });
    const rules = await db.audienceBackfillRule.findMany({ where: { audienceId: audience.id }, orderBy: { id: "asc" } });
    expect(rules.map((r) => r.active)).toEqual([false, true]);
    expect(second.rule).toMatchObject({ id: rules[1].id, schedule: "WEEKLY", runStatus: "QUEUED" });
    const log = await db.activityLog.findFirstOrThrow({ where: { entityId: audience.id, message: "Backfill rule added" }, orderBy: { id: "desc" }, include: { fields: true } });
    expect(log.fields[0].oldValue).toContain("visited a page");
    expect(log.fields[0].newValue).toBe('Users who came from a referrer containing "search.example" in the last 7 days (once a week)');
  });

  it("an IP backfill audience needs a targeted and an excluded event; nothing is stored on errors", async () => {
    const { ctx, advertiser } = await world();
    const ip = await f.makeAudience(advertiser, { kind: "IP_BACKFILL", deviceIdentifier: "IP", userExpiryDays: 30 });
    const failure = await failureOf(addBackfillRule(scopeOf(ctx), ip.id, { template: "ANY_ACTIVITY", days: "30" }));
    expect(toActionError(failure).fieldErrors).toEqual({ targetedEvents: M.ipBackfillEvents, excludedEvents: M.ipBackfillEvents });
    expect(await db.audienceBackfillRule.count()).toBe(0);
    await addBackfillRule(scopeOf(ctx), ip.id, { template: "ANY_ACTIVITY", days: "30", targetedEvents: "page_view", excludedEvents: "af_purchase" });
    expect(await db.audienceBackfillRule.count()).toBe(1);
  });

  it("records a failed run with the spec's message", async () => {
    const { ctx, user, audience, client } = await world();
    await addBackfillRule(scopeOf(ctx), audience.id, PRODUCT_VISITORS);
    // A rule whose stored query is not of the language (written around the console).
    await db.audienceBackfillRule.updateMany({ where: { audienceId: audience.id }, data: { query: "SELECT * FROM users" } });
    expect(await runAudienceBackfill(client, audience.id, NOW)).toMatchObject({ status: "FAILED" });
    const rule = await db.audienceBackfillRule.findFirstOrThrow({ where: { audienceId: audience.id } });
    expect(rule.runStatus).toBe("FAILED");
    expect(rule.lastRunError).toContain("not a valid backfill query");
    expect(await db.audienceMember.count()).toBe(0);
    expect((await db.notification.findMany({ where: { userId: user.id } })).map((n) => n.content)).toEqual([M.failed]);
  });

  it("refuses read-only users and other licensees' audiences", async () => {
    const { audience } = await world();
    const ro = await f.makeTenant("RO");
    await expect(executeAction(addBackfillRuleAction.definition, ro.ctx, { audienceId: audience.id, ...PRODUCT_VISITORS })).rejects.toBeInstanceOf(ForbiddenError);
    const stranger = await f.makeTenant();
    await expect(addBackfillRule(scopeOf(stranger.ctx), audience.id, PRODUCT_VISITORS)).rejects.toBeInstanceOf(NotFoundError);
    await expect(validateBackfillQuery(stranger.ctx, audience.id, PRODUCT_VISITORS)).rejects.toBeInstanceOf(NotFoundError);
    expect(await runAudienceBackfill(systemTenantDb(stranger.licensee.id), audience.id, NOW)).toEqual({ status: "SKIPPED" });
    expect(await db.audienceBackfillRule.count()).toBe(0);
  });
});

describe("validate backfill query", () => {
  it("verifies a query with the users it selects now, and changes nothing", async () => {
    const { ctx, audience } = await world();
    // Relative to the real clock: events 1 to 5 days old are within 30 days of now too.
    await db.userEvent.updateMany({ data: { occurredAt: new Date(Date.now() - 2 * 86_400_000) } });
    const result = await validateBackfillQuery(ctx, audience.id, { template: "FIRED_EVENT", event: "Page_View", minCount: "2", days: "30" });
    // anna 2, carl 2, gus 2 page views (ben 1; emil another advertiser; fay IP).
    // business.md 8's sentence as it is: the count is a field of its own, never in the message.
    expect(result).toEqual({ status: "VERIFIED", users: 3, message: "Query verified successfully" });
    expect(await db.audienceMember.count()).toBe(0);
    expect(await db.audienceBackfillRule.count()).toBe(0);
  });

  it("answers the timeout message when counting takes longer than the timeout", async () => {
    const { ctx, audience } = await world();
    const never = () => new Promise<number>(() => {});
    expect(await validateBackfillQuery(ctx, audience.id, PRODUCT_VISITORS, { timeoutMs: 20, count: never })).toEqual({ status: "TIMEOUT", message: M.timeout });
  });

  it("gives field errors for a bad query", async () => {
    const { ctx, audience } = await world();
    const failure = await failureOf(validateBackfillQuery(ctx, audience.id, { template: "VISITED_PAGE", text: " ", minCount: "0", days: "181" }));
    expect(toActionError(failure).fieldErrors).toEqual({ text: M.textRequired, minCount: M.countMin, days: M.daysMax });
  });
});

describe("backfill sweep", () => {
  it("claims the scheduled rules whose next run is due, once", async () => {
    const { ctx, audience, client } = await world();
    await addBackfillRule(scopeOf(ctx), audience.id, { ...PRODUCT_VISITORS, schedule: "DAILY" });
    await runAudienceBackfill(client, audience.id, NOW);
    const rule = await db.audienceBackfillRule.findFirstOrThrow({ where: { audienceId: audience.id } });
    expect(rule.nextRunAt?.toISOString()).toBe(daysAgo(-1).toISOString());
    expect(await claimDueBackfills(NOW)).toBe(0); // not due yet
    expect(await claimDueBackfills(daysAgo(-1))).toBe(1);
    expect(await claimDueBackfills(daysAgo(-1))).toBe(0); // already QUEUED
    expect((await db.audienceBackfillRule.findFirstOrThrow({ where: { id: rule.id } })).runStatus).toBe("QUEUED");
  });
});
