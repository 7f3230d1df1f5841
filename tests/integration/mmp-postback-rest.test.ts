// The advertiser's MMP postback key through the REST API (GET
// /api/v1/advertisers/{id}/mmp-postback, POST .../mmp-postback/key): the
// status and URL template before and after a key exists; a generated key
// works on the public postback endpoint until the next one replaces it; the
// activity rows hold neither key nor hash; read-only keys and users whose
// role is no longer RW are 403, another licensee's (or no) advertiser is 404,
// and none of them changes anything.
import "../helpers/next-cache-double";
import { GET as postbackEndpoint } from "@/app/api/mmp/[advertiserId]/route";
import { handleApiRequest } from "@/lib/api/router";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { POSTBACK_KEY_SETTING, postbackKeyHash } from "@/lib/audiences/postback/keys";
import { postbackUrlTemplate } from "@/lib/audiences/postback/schema";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi, type ApiAnswer } from "../helpers/rest-api";

useTestDatabase();

const GAID = "38400000-8cf0-11bd-b23e-10b96e40000d";
/** callApi's requests go to http://localhost: the URLs are built on that origin. */
const ORIGIN = "http://localhost";

const respObject = (answer: ApiAnswer) => (answer.body as { respObject: Record<string, unknown> }).respObject;
const errorStatus = (answer: ApiAnswer) => [answer.status, (answer.body as { error?: { status?: number } })?.error?.status];

/** A licensee with an advertiser and a read-write and a read-only API key of its RW user. */
async function seed() {
  const tenant = await f.makeTenantWithAdvertiser("RW");
  const readWrite = (await createApiKey(scopeOf(tenant.ctx), { name: "rw", scope: "READ_WRITE" })).secret;
  const readOnly = (await createApiKey(scopeOf(tenant.ctx), { name: "ro", scope: "READ_ONLY" })).secret;
  return { ...tenant, keys: { readWrite, readOnly } };
}

/** One in-app event sent to the public endpoint with `key`. */
function postback(advertiserId: number, key: string) {
  const query = new URLSearchParams({ key, event: "af_purchase", device_id: GAID, os: "android" });
  return postbackEndpoint(new Request(`http://localhost:3000/api/mmp/${advertiserId}?${query}`), { params: Promise.resolve({ advertiserId: String(advertiserId) }) });
}

const storedKey = (advertiserId: number) => db.advertiserSetting.findFirst({ where: { advertiserId, key: POSTBACK_KEY_SETTING } });

test("GET before and after; each POST answers a new key once, which works on the endpoint until the next replaces it", async () => {
  const { advertiser, user, keys } = await seed();
  const at = `/advertisers/${advertiser.id}/mmp-postback`;

  const before = await callApi("GET", at, keys.readWrite);
  expect([before.status, respObject(before)]).toEqual([200, { advertiserId: advertiser.id, isSet: false, generatedAt: null, urlTemplate: postbackUrlTemplate(ORIGIN, advertiser.id) }]);
  expect(respObject(before).urlTemplate).toMatch(new RegExp(`^http://localhost/api/mmp/${advertiser.id}\\?key=YOUR_POSTBACK_KEY&event=\\{EVENT_NAME\\}&device_id=\\{IDFA_OR_GAID\\}&os=`));

  const first = await callApi("POST", `${at}/key`, keys.readWrite);
  expect(first.status).toBe(200);
  const generated = respObject(first) as { key: string; generatedAt: string };
  expect(generated).toEqual({
    advertiserId: advertiser.id, isSet: true, generatedAt: expect.any(String),
    key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), url: postbackUrlTemplate(ORIGIN, advertiser.id, generated.key),
  });
  // Stored only as its hash; the GET tells that a key exists, since when, but never the key.
  expect((await storedKey(advertiser.id))?.value).toBe(postbackKeyHash(generated.key));
  const after = await callApi("GET", at, keys.readWrite);
  expect(respObject(after)).toEqual({ advertiserId: advertiser.id, isSet: true, generatedAt: generated.generatedAt, urlTemplate: postbackUrlTemplate(ORIGIN, advertiser.id) });
  expect(JSON.stringify(after.body)).not.toContain(generated.key);

  // The key works on the public endpoint: one event stored.
  const sent = await postback(advertiser.id, generated.key);
  expect([sent.status, await sent.json()]).toEqual([200, { ok: true }]);
  expect(await db.userEvent.count({ where: { advertiserId: advertiser.id } })).toBe(1);

  // A second POST rotates: the first key is 404 at once, the new one works.
  const second = await callApi("POST", `${at}/key`, keys.readWrite);
  const rotated = respObject(second) as { key: string };
  expect([second.status, rotated.key === generated.key]).toEqual([200, false]);
  expect((await postback(advertiser.id, generated.key)).status).toBe(404);
  expect((await postback(advertiser.id, rotated.key)).status).toBe(200);
  expect(await db.userEvent.count({ where: { advertiserId: advertiser.id } })).toBe(2);

  // The same activity rows as the settings tab's, as the key's user, holding neither key nor hash.
  const activity = await db.activityLog.findMany({ where: { entityType: "ADVERTISER", entityId: advertiser.id }, orderBy: { id: "asc" }, include: { fields: true } });
  expect(activity.map((a) => [a.userId, a.message])).toEqual([
    [user.id, "MMP postback key generated"],
    [user.id, "MMP postback key rotated: the previous key no longer works"],
  ]);
  const logged = JSON.stringify(activity, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v));
  for (const secret of [generated.key, rotated.key, postbackKeyHash(generated.key), postbackKeyHash(rotated.key)]) expect(logged).not.toContain(secret);
});

test("the URLs are built on the origin the caller reached the console at (forwarded host and scheme)", async () => {
  const { advertiser, keys } = await seed();
  const request = new Request(`http://10.0.0.7:3000/api/v1/advertisers/${advertiser.id}/mmp-postback`, {
    headers: { authorization: `Bearer ${keys.readWrite}`, "x-forwarded-host": "console.example.com", "x-forwarded-proto": "https" },
  });
  const response = await handleApiRequest(request);
  expect(response.status).toBe(200);
  expect((await response.json()).respObject.urlTemplate).toBe(postbackUrlTemplate("https://console.example.com", advertiser.id));
});

test("a read-only key reads but may not generate (403); a key whose user is no longer RW neither; nothing changes", async () => {
  const { advertiser, licensee, user, keys } = await seed();
  const at = `/advertisers/${advertiser.id}/mmp-postback`;
  expect((await callApi("GET", at, keys.readOnly)).status).toBe(200);
  expect(errorStatus(await callApi("POST", `${at}/key`, keys.readOnly))).toEqual([403, 403]);

  // The key's user becomes RO, then DEMO: the read-write key carries the user's role now.
  for (const role of ["RO", "DEMO"] as const) {
    await db.membership.update({ where: { userId_licenseeId: { userId: user.id, licenseeId: licensee.id } }, data: { role } });
    expect([role, errorStatus(await callApi("POST", `${at}/key`, keys.readWrite))]).toEqual([role, [403, 403]]);
  }
  expect(await storedKey(advertiser.id)).toBeNull();
  expect(await db.activityLog.count({ where: { entityType: "ADVERTISER", entityId: advertiser.id } })).toBe(0);
});

test("another licensee's advertiser, an unknown id and an id that is no id are 404 for both operations; the key stays", async () => {
  const a = await seed();
  const b = await seed();
  const generated = respObject(await callApi("POST", `/advertisers/${a.advertiser.id}/mmp-postback/key`, a.keys.readWrite)) as { key: string };
  const stored = await storedKey(a.advertiser.id);

  for (const id of [String(a.advertiser.id), "2000000000", "abc"]) {
    expect([id, errorStatus(await callApi("GET", `/advertisers/${id}/mmp-postback`, b.keys.readWrite))]).toEqual([id, [404, 404]]);
    const refused = await callApi("POST", `/advertisers/${id}/mmp-postback/key`, b.keys.readWrite);
    expect([id, errorStatus(refused)]).toEqual([id, [404, 404]]);
    expect(JSON.stringify(refused.body)).not.toContain(a.advertiser.name);
  }
  expect(await storedKey(a.advertiser.id)).toEqual(stored);
  expect(await storedKey(b.advertiser.id)).toBeNull();
  expect((await postback(a.advertiser.id, generated.key)).status).toBe(200);
});

test("an archived advertiser's key is not generated (409); its status can still be read", async () => {
  const { advertiser, keys } = await seed();
  await db.advertiser.update({ where: { id: advertiser.id }, data: { isArchived: true } });
  expect(errorStatus(await callApi("POST", `/advertisers/${advertiser.id}/mmp-postback/key`, keys.readWrite))).toEqual([409, 409]);
  expect(respObject(await callApi("GET", `/advertisers/${advertiser.id}/mmp-postback`, keys.readWrite))).toMatchObject({ isSet: false });
  expect(await storedKey(advertiser.id)).toBeNull();
});
