// The audience users chart (business.md 7 "chart data"): total users at the
// end of each day and new users per day, counted from the members' join and
// expiry times in the range's timezone (Asia/Kolkata, UTC+5:30, against UTC
// for the same members) right at the days' boundaries; days after today are
// null; an audience that never had a member says so; another licensee's
// audience is not found (404 through REST); the REST answer matches its
// OpenAPI schema, and a bad range is a 400 beside its field.
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { apiDocument } from "@/lib/api/document";
import { NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { tenantDb } from "@/lib/data/tenant-db";
import { audienceUsersChart } from "@/lib/audiences/chart/query";
import { CHART_MESSAGES } from "@/lib/audiences/chart/schema";
import { resolveDateRange, todayIn } from "@/lib/user-settings/date-range";
import { failureOf } from "../helpers/calls";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi, documentedAnswerProblems, type ApiAnswer } from "../helpers/rest-api";

useTestDatabase();

const UTC = 805;
const KOLKATA = 814;
const RANGE = { from: "2025-01-10", to: "2025-01-14" };
const FAR = new Date("2025-03-01T00:00:00Z");
const at = (iso: string) => new Date(iso);

async function world() {
  await db.timezone.createMany({
    data: [
      { id: UTC, name: "(GMT+00:00) UTC", ianaName: "UTC" },
      { id: KOLKATA, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" },
    ],
    skipDuplicates: true,
  });
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const audience = await f.makeAudience(advertiser);
  // Kolkata's days start at 18:30 UTC the day before (2025-01-11 starts at 2025-01-10T18:30Z).
  const members: Array<[string, string, Date]> = [
    ["before", "2025-01-05T00:00:00Z", FAR], // joined before the range: in every total
    ["lastMsOf10th", "2025-01-10T18:29:59.999Z", FAR], // 23:59:59.999 on the 10th in Kolkata
    ["midnight11th", "2025-01-10T18:30:00.000Z", FAR], // 00:00 on the 11th in Kolkata, still the 10th in UTC
    ["gone12thMidnight", "2025-01-11T20:00:00Z", at("2025-01-12T18:30:00.000Z")], // joins the 12th, expires as the 12th ends
    ["gone13th", "2025-01-11T20:00:00Z", at("2025-01-12T18:30:00.001Z")], // still in at the end of the 12th
    ["expiredEarlier", "2025-01-01T00:00:00Z", at("2025-01-09T00:00:00Z")], // gone before the range
    ["neverIn", "2025-01-11T10:00:00Z", at("2025-01-11T09:00:00Z")], // added already expired: never counted
    ["after", "2025-01-14T19:00:00Z", FAR], // the 15th in Kolkata, the 14th in UTC
  ];
  await db.audienceMember.createMany({
    data: members.map(([userKey, addedAt, expiresAt]) => ({ audienceId: audience.id, userKey, origin: "CRM", addedAt: at(addedAt), lastSeenAt: at(addedAt), expiresAt })),
  });
  return { licensee, ctx, advertiser, audience };
}

const series = (chart: { days: Array<{ day: string; totalUsers: number | null; newUsers: number | null }> }) => chart.days.map((d) => [d.day, d.totalUsers, d.newUsers]);

test("in Asia/Kolkata: new users on the day they joined there, totals at each local midnight; days after today are null", async () => {
  const w = await world();
  const now = at("2025-01-13T12:00:00Z"); // 17:30 on the 13th in Kolkata
  const chart = await audienceUsersChart(tenantDb(w.ctx), w.audience.id, { ...RANGE, timezoneId: KOLKATA }, now);
  expect(chart).toMatchObject({ audienceId: w.audience.id, from: RANGE.from, to: RANGE.to, timezone: "Asia/Kolkata", hasUsers: true });
  expect(series(chart)).toEqual([
    ["2025-01-10", 2, 1], // before + lastMsOf10th
    ["2025-01-11", 3, 1], // + midnight11th
    ["2025-01-12", 4, 2], // + gone12thMidnight and gone13th; the first has expired at midnight exactly
    ["2025-01-13", 3, 0], // gone13th expired
    ["2025-01-14", null, null], // tomorrow in Kolkata
  ]);
});

test("the same members in UTC fall on other days", async () => {
  const w = await world();
  const chart = await audienceUsersChart(tenantDb(w.ctx), w.audience.id, { ...RANGE, timezoneId: UTC }, at("2025-02-01T00:00:00Z"));
  expect(chart.timezone).toBe("UTC");
  expect(series(chart)).toEqual([
    ["2025-01-10", 3, 2],
    ["2025-01-11", 5, 2],
    ["2025-01-12", 3, 0],
    ["2025-01-13", 3, 0],
    ["2025-01-14", 4, 1],
  ]);
});

test("an audience that never had a member: no users yet, zeros; another licensee's audience is not found", async () => {
  const w = await world();
  const empty = await f.makeAudience(w.advertiser);
  await db.audienceMember.create({ data: { audienceId: empty.id, userKey: "late", origin: "CRM", addedAt: at("2025-01-11T10:00:00Z"), expiresAt: at("2025-01-11T09:00:00Z") } });
  const chart = await audienceUsersChart(tenantDb(w.ctx), empty.id, { ...RANGE, timezoneId: KOLKATA }, FAR);
  expect(chart.hasUsers).toBe(false);
  expect(chart.days.every((d) => d.totalUsers === 0 && d.newUsers === 0)).toBe(true);

  const other = await f.makeTenant();
  expect(await failureOf(audienceUsersChart(tenantDb(other.ctx), w.audience.id, { ...RANGE, timezoneId: KOLKATA }, FAR))).toBeInstanceOf(NotFoundError);
});

async function chartCall(audienceId: number, key: string, body?: unknown): Promise<ApiAnswer> {
  const path = `/audiences/${audienceId}/chart`;
  const answer = await callApi("POST", path, key, body);
  expect(documentedAnswerProblems(apiDocument(), "POST", path, answer)).toEqual([]);
  return answer;
}
const respObject = (answer: ApiAnswer) => (answer.body as { respObject: { from: string; to: string; timezone: string; days: unknown[] } }).respObject;

test("POST /api/v1/audiences/{id}/chart: as documented; the caller's own range without a body; bad ranges are 400; another licensee's id is 404", async () => {
  const w = await world();
  const key = (await createApiKey(scopeOf(w.ctx), { name: "rw", scope: "READ_WRITE" })).secret;

  const kolkata = await chartCall(w.audience.id, key, { ...RANGE, timezoneId: KOLKATA });
  expect(kolkata.status).toBe(200);
  expect(respObject(kolkata).days.slice(0, 4)).toEqual([
    { day: "2025-01-10", totalUsers: 2, newUsers: 1 },
    { day: "2025-01-11", totalUsers: 3, newUsers: 1 },
    { day: "2025-01-12", totalUsers: 4, newUsers: 2 },
    { day: "2025-01-13", totalUsers: 3, newUsers: 0 },
  ]);

  // No body: the key's user's saved range (none saved: the last 7 days ending yesterday) in their timezone (UTC).
  const own = await chartCall(w.audience.id, key);
  expect(own.status).toBe(200);
  expect(respObject(own)).toMatchObject({ ...resolveDateRange(null, todayIn("UTC")), timezone: "UTC" });
  expect(respObject(own).days).toHaveLength(7);

  const reversed = await chartCall(w.audience.id, key, { from: "2025-01-14", to: "2025-01-10" });
  expect(reversed).toMatchObject({ status: 400, body: { error: { fieldErrors: { to: CHART_MESSAGES.order } } } });
  expect(await chartCall(w.audience.id, key, { from: "2025-01-14" })).toMatchObject({ status: 400, body: { error: { fieldErrors: { to: CHART_MESSAGES.bothDays } } } });
  expect(await chartCall(w.audience.id, key, { from: "2025-02-30", to: "2025-03-01" })).toMatchObject({ status: 400, body: { error: { fieldErrors: { from: "Enter a valid date" } } } });

  const other = await f.makeTenant();
  const otherKey = (await createApiKey(scopeOf(other.ctx), { name: "rw", scope: "READ_WRITE" })).secret;
  expect((await chartCall(w.audience.id, otherKey, RANGE)).status).toBe(404);
  expect((await chartCall(999_999_999, key, RANGE)).status).toBe(404);
});
