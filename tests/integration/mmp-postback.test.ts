// The MMP postback endpoint: an advertiser's read-write user
// generates its postback key (RO and DEMO cannot), the MMP sends in-app events
// with it (GET query string, POST JSON or form), each stored as one UserEvent
// keyed like every other audience input (never the raw device id), which a
// Mobile rule-based audience then picks up. A wrong key, an unknown or
// archived advertiser all answer the same 404; bad parameters answer 400
// naming the field; past the per-advertiser limit, 429 with Retry-After.
import "../helpers/next-cache-double";
import { GET, HEAD, POST } from "@/app/api/mmp/[advertiserId]/route";
import { db } from "@/lib/db";
import { userKeyOf } from "@/lib/audiences/identifiers";
import { keyOfIdentifier } from "@/lib/audiences/upload/identifiers";
import { refreshAllAudienceUserCounts } from "@/lib/audiences/members/refresh-all";
import { rotatePostbackKeyAction } from "@/lib/audiences/postback/actions";
import { POSTBACK_KEY_SETTING } from "@/lib/audiences/postback/keys";
import { POSTBACK_MESSAGES as M } from "@/lib/audiences/postback/schema";
import { useTestDatabase } from "../helpers/db";
import { useEnv } from "../helpers/env";
import * as f from "../helpers/factories";
import { advertiserWithPostbackKey } from "../helpers/postback";
import { requireSessionMock } from "../helpers/session-mock";

jest.mock("@/lib/auth/session", () => ({ ...jest.requireActual("@/lib/auth/session"), requireSession: jest.fn() }));

useTestDatabase();

const IDFA = "6D92078A-8246-4BA4-AE5B-76104861E7DC";
const GAID = "38400000-8cf0-11bd-b23e-10b96e40000d";
const asJson = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v));

function get(advertiserId: number | string, query: Record<string, string>) {
  const url = `http://localhost:3000/api/mmp/${advertiserId}?${new URLSearchParams(query)}`;
  return GET(new Request(url), { params: Promise.resolve({ advertiserId: String(advertiserId) }) });
}

function post(advertiserId: number, body: string, contentType: string, query: Record<string, string> = {}) {
  const url = `http://localhost:3000/api/mmp/${advertiserId}?${new URLSearchParams(query)}`;
  return POST(new Request(url, { method: "POST", body, headers: { "content-type": contentType } }), { params: Promise.resolve({ advertiserId: String(advertiserId) }) });
}

const purchase = (key: string, extra: Record<string, string> = {}) => ({ key, event: "AF_Purchase", device_id: IDFA, os: "ios", country: "de", value: "19.99", ...extra });

test("a GET postback stores one event of the advertiser, keyed by the device id's hash, never the id itself", async () => {
  const { advertiser, licensee, key } = await advertiserWithPostbackKey();
  const at = new Date(Date.now() - 3_600_000);
  const response = await get(advertiser.id, purchase(key, { event_time: String(Math.floor(at.getTime() / 1000)) }));
  expect([response.status, await response.json()]).toEqual([200, { ok: true }]);

  const events = await db.userEvent.findMany({ where: { advertiserId: advertiser.id } });
  expect(events).toHaveLength(1);
  const [event] = events;
  expect(event).toMatchObject({
    licenseeId: licensee.id, identifierType: "ADID", event: "af_purchase", osTypeId: 3, country: "DE", pageUrl: null,
    occurredAt: new Date(Math.floor(at.getTime() / 1000) * 1000),
  });
  expect(event.value?.toString()).toBe("19.99");
  // The key CRM uploads and the pixel give the same device: look-alike and CRM matching line up.
  expect(event.userKey).toBe(userKeyOf(IDFA, "ADID"));
  expect(event.userKey).toBe(keyOfIdentifier(IDFA.toLowerCase(), "NONE", "ADID"));
  expect(asJson(events).toLowerCase()).not.toContain(IDFA.toLowerCase());
});

test("POST with a JSON or a form body works too; a body value wins over the query's", async () => {
  const { advertiser, key } = await advertiserWithPostbackKey();
  const json = await post(advertiser.id, JSON.stringify({ key, event: "install", device_id: GAID, os: "android", value: 0 }), "application/json");
  expect(json.status).toBe(200);
  const form = await post(advertiser.id, new URLSearchParams({ event: "app_open", device_id: GAID, os: "android" }).toString(), "application/x-www-form-urlencoded", { key, event: "ignored" });
  expect(form.status).toBe(200);
  const rows = await db.userEvent.findMany({ where: { advertiserId: advertiser.id }, orderBy: { id: "asc" } });
  expect(rows.map((r) => [r.event, r.osTypeId, r.value?.toString() ?? null])).toEqual([["install", 4, "0"], ["app_open", 4, null]]);

  const bad = await post(advertiser.id, "{not json", "application/json", { key });
  expect([bad.status, (await bad.json()).field]).toEqual([400, "body"]);
  const large = await post(advertiser.id, JSON.stringify({ key, event: "x", padding: "p".repeat(20_000) }), "application/json");
  expect([large.status, (await large.json()).field]).toEqual([400, "body"]);
  // HEAD (link checkers, chat previews of a pasted URL) stores nothing, even with a good key.
  expect(HEAD().status).toBe(405);
  expect(await db.userEvent.count({ where: { advertiserId: advertiser.id } })).toBe(2);
});

test("no working key, whatever the reason, is the same 404 and stores nothing", async () => {
  const a = await advertiserWithPostbackKey();
  const b = await advertiserWithPostbackKey();
  const noKey = await f.makeAdvertiser(a.licensee.id);
  const archived = await advertiserWithPostbackKey();
  await db.advertiser.update({ where: { id: archived.advertiser.id }, data: { isArchived: true } });

  const answers = await Promise.all([
    get(a.advertiser.id, purchase("x".repeat(43))), // wrong key
    get(a.advertiser.id, purchase(b.key)), // another advertiser's key
    get(a.advertiser.id, { event: "install", device_id: IDFA, os: "ios" }), // no key
    get(noKey.id, purchase(a.key)), // an advertiser without a key
    get(2_000_000_000, purchase(a.key)), // no such advertiser
    get("abc", purchase(a.key)),
    get(archived.advertiser.id, purchase(archived.key)),
  ]);
  const seen = await Promise.all(answers.map(async (r) => [r.status, await r.text()]));
  expect(new Set(seen.map((s) => JSON.stringify(s)))).toEqual(new Set([JSON.stringify([404, JSON.stringify({ error: "Not found" })])]));
  expect(await db.userEvent.count()).toBe(0);
});

test("bad parameters are 400 naming the field; nothing stored", async () => {
  const { advertiser, key } = await advertiserWithPostbackKey();
  const cases: Array<[Record<string, string>, string, string]> = [
    [{ device_id: "" }, "device_id", M.deviceIdRequired],
    [{ device_id: "not-a-device" }, "device_id", M.deviceIdInvalid],
    [{ os: "blackberry" }, "os", M.osInvalid],
    [{ event: "e".repeat(65) }, "event", M.eventTooLong],
    [{ country: "Germany" }, "country", M.countryInvalid],
    [{ value: "12,50" }, "value", M.valueInvalid],
    [{ event_time: new Date(Date.now() + 86_400_000).toISOString() }, "event_time", M.eventTimeFuture],
  ];
  for (const [override, field, message] of cases) {
    const response = await get(advertiser.id, purchase(key, override));
    expect({ field, status: response.status, body: await response.json() }).toEqual({ field, status: 400, body: { error: message, field, fields: { [field]: message } } });
  }
  expect(await db.userEvent.count()).toBe(0);
});

test("rotating the key stops the old one; RO and DEMO users cannot generate one; the activity row holds no key", async () => {
  const { advertiser, licensee, ctx, key } = await advertiserWithPostbackKey();
  requireSessionMock.mockResolvedValue(ctx);
  const rotated = await rotatePostbackKeyAction({ advertiserId: advertiser.id });
  if (!rotated.ok) throw new Error(JSON.stringify(rotated));
  expect(rotated.data.key).not.toBe(key);
  expect((await get(advertiser.id, purchase(key))).status).toBe(404);
  expect((await get(advertiser.id, purchase(rotated.data.key))).status).toBe(200);

  const stored = await db.advertiserSetting.findFirstOrThrow({ where: { advertiserId: advertiser.id, key: POSTBACK_KEY_SETTING } });
  expect(stored.value).not.toContain(rotated.data.key); // only its hash
  const activity = await db.activityLog.findMany({ where: { entityType: "ADVERTISER", entityId: advertiser.id } });
  expect(activity.map((a) => a.message)).toEqual(["MMP postback key generated", "MMP postback key rotated: the previous key no longer works"]);
  const logged = asJson(activity);
  expect([logged.includes(rotated.data.key), logged.includes(stored.value), logged.includes(key)]).toEqual([false, false, false]);

  for (const role of ["RO", "DEMO"] as const) {
    const user = await f.makeUser(`${role.toLowerCase()}.${licensee.id}@example.com`, [{ licenseeId: licensee.id, role }]);
    requireSessionMock.mockResolvedValue(await f.ctxFor(user.id, licensee.id));
    expect(await rotatePostbackKeyAction({ advertiserId: advertiser.id })).toMatchObject({ ok: false, status: 403 });
  }
  // Another licensee's advertiser is not found.
  const other = await f.makeTenantWithAdvertiser("RW");
  requireSessionMock.mockResolvedValue(other.ctx);
  expect(await rotatePostbackKeyAction({ advertiserId: advertiser.id })).toMatchObject({ ok: false, status: 404 });
  expect((await get(advertiser.id, purchase(rotated.data.key))).status).toBe(200); // still the same key
});

describe("rate limit", () => {
  useEnv({ MMP_POSTBACK_RATE_LIMIT_PER_MINUTE: "2" });

  test("past the limit an advertiser's postbacks are 429 with Retry-After; another advertiser is not affected", async () => {
    const a = await advertiserWithPostbackKey();
    const b = await advertiserWithPostbackKey();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(a.advertiser.id, purchase(a.key))).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await get(a.advertiser.id, purchase(a.key));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await get(b.advertiser.id, purchase(b.key))).status).toBe(200);
    expect(await db.userEvent.count({ where: { advertiserId: a.advertiser.id } })).toBe(2);
  });
});

test("a Mobile rule-based audience of the OS picks up the postback's device through its rules", async () => {
  const { advertiser, key } = await advertiserWithPostbackKey();
  const audience = await f.makeAudience(advertiser, { source: "MOBILE", kind: "MMP_RULE", osTypeId: 3, userExpiryDays: 30 });
  await db.audienceRule.create({ data: { audienceId: audience.id, groupIndex: 0, filterId: 5, operatorId: 1, value: "af_purchase", queryName: "event_name" } });
  expect((await get(advertiser.id, purchase(key))).status).toBe(200);
  // An Android device's purchase is not for this iOS audience.
  expect((await get(advertiser.id, purchase(key, { device_id: GAID, os: "android" }))).status).toBe(200);

  await refreshAllAudienceUserCounts(new Date());
  const members = await db.audienceMember.findMany({ where: { audienceId: audience.id } });
  expect(members.map((m) => [m.userKey, m.origin])).toEqual([[userKeyOf(IDFA, "ADID"), "RULE"]]);
  expect((await db.audience.findUniqueOrThrow({ where: { id: audience.id } })).totalUU).toBe(BigInt(1));
});
