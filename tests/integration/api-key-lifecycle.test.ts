// The lifecycle of an API key as a program using it meets it on the REST API:
// it expires after the days chosen at creation, a read-only key may not
// write, a password change or 'End All Sessions' revokes every key of the
// user, each key has a rate limit counted in the database (429 with
// Retry-After), and lastUsedAt and the API_KEY_USE access-log line are
// written at most once a minute.
import "../helpers/next-cache-double";
import { addDays } from "date-fns";
import { db } from "@/lib/db";
import { createApiKey, listApiKeys } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { changePassword, KEYS_REVOKED_PASSWORD_CHANGED } from "@/lib/account/change-password";
import { endAllSessions, KEYS_REVOKED_SIGNED_OUT_EVERYWHERE } from "@/lib/account/sessions";
import { API_KEY_MESSAGES } from "@/lib/account/api-key-schema";
import { hashPassword } from "@/lib/auth/password";
import { toActionError } from "@/lib/actions/server-result";
import { listExportResponse } from "@/lib/entities/lists";
import { handleApiRequest } from "@/lib/api/router";
import { useTestDatabase } from "../helpers/db";
import { useEnv } from "../helpers/env";
import { withFailingWrite } from "../helpers/failing-writes";
import { ctxFor, makeAdvertiser, makeLicensee, makeTenant, makeUser } from "../helpers/factories";

// REST writes revalidate the console's pages (no Next.js request store in jest).

useTestDatabase();

// One proxy in front (TRUST_PROXY_HOPS=1): the client address is the last X-Forwarded-For entry.
const CLIENT = { "x-forwarded-for": "203.0.113.9", "user-agent": "report-script/1.0" };
useEnv({ TRUST_PROXY_HOPS: "1" }, "all");

function request(key: string, method = "GET", body?: unknown, path = "/me") {
  return new Request(`http://localhost/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...CLIENT },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const me = (key: string) => handleApiRequest(request(key));
const getAdvertiser = (key: string, id: number) => handleApiRequest(request(key, "GET", undefined, `/advertisers/${id}`));
const patchAdvertiser = (key: string, id: number, body: unknown) => handleApiRequest(request(key, "PATCH", body, `/advertisers/${id}`));

const DAY_MS = 86_400_000;

describe("creation: expiry and scope", () => {
  test("defaults: 90 days, read-only; 30 or 365 days and read-write when chosen; shown in the list", async () => {
    const { ctx } = await makeTenant("RW");
    const before = Date.now();
    const plain = await createApiKey(scopeOf(ctx), { name: "default" });
    expect(plain.key).toMatchObject({ scope: "READ_ONLY", status: "ACTIVE" });
    expect(Date.parse(plain.key.expiresAt) - before).toBeGreaterThanOrEqual(90 * DAY_MS - 1000);
    expect(Date.parse(plain.key.expiresAt) - before).toBeLessThan(90 * DAY_MS + 60_000);

    const short = await createApiKey(scopeOf(ctx), { name: "short", expiresInDays: "30", scope: "READ_WRITE" });
    const long = await createApiKey(scopeOf(ctx), { name: "long", expiresInDays: "365", scope: "READ_ONLY" });
    expect(Math.round((Date.parse(short.key.expiresAt) - Date.parse(short.key.createdAt)) / DAY_MS)).toBe(30);
    expect(Math.round((Date.parse(long.key.expiresAt) - Date.parse(long.key.createdAt)) / DAY_MS)).toBe(365);

    const listed = await listApiKeys(ctx);
    expect(listed.map((k) => [k.name, k.scope, k.expiresAt])).toEqual([
      ["long", "READ_ONLY", long.key.expiresAt],
      ["short", "READ_WRITE", short.key.expiresAt],
      ["default", "READ_ONLY", plain.key.expiresAt],
    ]);
  });

  test("another expiry or scope is a field error and creates nothing", async () => {
    const { ctx } = await makeTenant("RW");
    const badExpiry = await createApiKey(scopeOf(ctx), { name: "x", expiresInDays: "45" }).catch((e: unknown) => e);
    expect(toActionError(badExpiry)).toMatchObject({ status: 400, fieldErrors: { expiresInDays: API_KEY_MESSAGES.expiry } });
    const badScope = await createApiKey(scopeOf(ctx), { name: "x", scope: "ADMIN" }).catch((e: unknown) => e);
    expect(toActionError(badScope)).toMatchObject({ status: 400, fieldErrors: { scope: API_KEY_MESSAGES.scope } });
    expect(await db.apiKey.count()).toBe(0);
  });
});

test("an expired key is refused with 401 like a revoked one, and the list says Expired", async () => {
  const { ctx } = await makeTenant("RW");
  const { key, secret } = await createApiKey(scopeOf(ctx), { name: "old", expiresInDays: "30" });
  expect((await me(secret)).status).toBe(200);

  await db.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const refused = await me(secret);
  expect(refused.status).toBe(401);
  expect(refused.headers.get("www-authenticate")).toContain("Bearer");
  expect((await refused.json()).error).toMatchObject({ status: 401, code: 401 });
  expect((await listApiKeys(ctx))[0]).toMatchObject({ id: key.id, status: "EXPIRED", revokedAt: null });
});

test("a read-only key of a read-write user reads but every write is 403 in the error envelope; a read-write key writes", async () => {
  const { ctx, licensee } = await makeTenant("RW");
  const advertiser = await makeAdvertiser(licensee.id, { name: "Shoes" });
  const readOnly = await createApiKey(scopeOf(ctx), { name: "reports", scope: "READ_ONLY" });
  const readWrite = await createApiKey(scopeOf(ctx), { name: "sync", scope: "READ_WRITE" });

  expect((await getAdvertiser(readOnly.secret, advertiser.id)).status).toBe(200);
  const refused = await patchAdvertiser(readOnly.secret, advertiser.id, { version: 1, name: "Changed" });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 403, status: 403, message: "This API key is read-only" }, respId: expect.any(String) });
  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toMatchObject({ name: "Shoes", version: 1 });
  expect(await db.activityLog.count({ where: { entityType: "ADVERTISER" } })).toBe(0);

  const written = await patchAdvertiser(readWrite.secret, advertiser.id, { version: 1, name: "Changed" });
  expect(written.status).toBe(200);
  expect((await written.json()).respObject).toMatchObject({ name: "Changed", version: 2 });
});

describe("revocation of all the user's keys", () => {
  const OLD = "Zebra#2024";
  const NEW = "Kite@9river";

  /** A user of two licensees with a key in each, and another user's key that must survive. */
  async function userWithKeys() {
    const a = await makeLicensee("Licensee A", "a");
    const b = await makeLicensee("Licensee B", "b");
    const user = await makeUser("jane@a.com", [{ licenseeId: a.id, role: "RW" }, { licenseeId: b.id, role: "RW" }], {
      passwordHash: await hashPassword(OLD),
    });
    const inA = await ctxFor(user.id, a.id);
    const inB = await ctxFor(user.id, b.id);
    const keyA = await createApiKey(scopeOf(inA), { name: "in A", scope: "READ_WRITE" });
    const keyB = await createApiKey(scopeOf(inB), { name: "in B" });
    const other = await makeTenant("RW");
    const otherKey = await createApiKey(scopeOf(other.ctx), { name: "someone else's" });
    for (const k of [keyA, keyB, otherKey]) expect((await me(k.secret)).status).toBe(200);
    await db.activityLog.deleteMany();
    return { user, a, b, inA, keyA, keyB, otherKey };
  }

  async function expectAllRevoked(setup: Awaited<ReturnType<typeof userWithKeys>>, message: string) {
    const { keyA, keyB, otherKey, a, b } = setup;
    expect((await me(keyA.secret)).status).toBe(401);
    expect((await me(keyB.secret)).status).toBe(401);
    expect((await me(otherKey.secret)).status).toBe(200);
    const logs = await db.activityLog.findMany({ where: { entityType: "API_KEY" }, orderBy: { entityId: "asc" } });
    expect(logs.map((l) => [l.entityId, l.licenseeId, l.action, l.message])).toEqual([
      [keyA.key.id, a.id, "DEACTIVATE", message],
      [keyB.key.id, b.id, "DEACTIVATE", message],
    ]);
  }

  test("a password change revokes every key of the user in every licensee, audited in each licensee", async () => {
    const setup = await userWithKeys();
    await changePassword(setup.inA, { oldPassword: OLD, newPassword: NEW, confirmPassword: NEW });
    await expectAllRevoked(setup, KEYS_REVOKED_PASSWORD_CHANGED);
  });

  test("a refused password change revokes nothing", async () => {
    const setup = await userWithKeys();
    const error = await changePassword(setup.inA, { oldPassword: "Wrong#2024", newPassword: NEW, confirmPassword: NEW }).catch((e: unknown) => e);
    expect(toActionError(error)).toMatchObject({ status: 400, fieldErrors: { oldPassword: expect.any(String) } });
    expect(await db.apiKey.count({ where: { revokedAt: { not: null } } })).toBe(0);
    expect((await me(setup.keyA.secret)).status).toBe(200);
  });

  test("'End All Sessions' revokes every key of the user and records END_ALL_SESSIONS with the client, in one transaction", async () => {
    const setup = await userWithKeys();
    await endAllSessions(setup.inA, { ip: "198.51.100.7", userAgent: "Firefox" });
    await expectAllRevoked(setup, KEYS_REVOKED_SIGNED_OUT_EVERYWHERE);
    const events = await db.authEvent.findMany({ where: { type: "END_ALL_SESSIONS" } });
    expect(events).toEqual([
      expect.objectContaining({ userId: setup.user.id, licenseeId: setup.a.id, clientIp: "198.51.100.7", userAgent: "Firefox" }),
    ]);
  });

  test("'End All Sessions' that fails at its last write revokes no key and ends no session", async () => {
    const setup = await userWithKeys();
    // The access-log insert is the transaction's last write: everything before it must roll back.
    await withFailingWrite("AuthEvent", "INSERT", `NEW."type" = 'END_ALL_SESSIONS'`, () =>
      expect(endAllSessions(setup.inA, null)).rejects.toThrow(/injected failure/),
    );
    expect(await db.apiKey.count({ where: { revokedAt: { not: null } } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: setup.user.id } })).sessionVersion).toBe(setup.user.sessionVersion);
    expect(await db.activityLog.count()).toBe(0);
    expect((await me(setup.keyA.secret)).status).toBe(200);
  });
});

describe("rate limit per key", () => {
  useEnv({ API_KEY_RATE_LIMIT_PER_MINUTE: "3" });

  test("past the limit the API answers 429 with Retry-After in the error envelope; other keys go on", async () => {
    const { ctx } = await makeTenant("RW");
    const busy = await createApiKey(scopeOf(ctx), { name: "busy" });
    const calm = await createApiKey(scopeOf(ctx), { name: "calm" });
    for (let i = 0; i < 3; i++) expect((await me(busy.secret)).status).toBe(200);
    const limited = await me(busy.secret);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ error: { code: 429, status: 429, message: expect.stringContaining("Too many requests") } });
    expect((await me(calm.secret)).status).toBe(200);

    // The CSV export with the same key is limited too (it shares the bearer path).
    const exported = await listExportResponse(request(busy.secret), "campaign");
    expect(exported.status).toBe(429);
    expect(exported.headers.get("retry-after")).toBeTruthy();
  });

  test("the count lives in the database: a second server (a fresh copy of the modules) sees the same count", async () => {
    const { ctx } = await makeTenant("RW");
    const { secret } = await createApiKey(scopeOf(ctx), { name: "shared" });
    for (let i = 0; i < 3; i++) expect((await me(secret)).status).toBe(200);
    const rows = await db.rateLimit.findMany();
    expect(rows).toEqual([expect.objectContaining({ points: 3 })]);

    let otherServerMe: typeof handleApiRequest | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second, independent module instance
      otherServerMe = require("@/app/api/v1/[...path]/route").GET;
    });
    const res = await otherServerMe!(request(secret));
    expect(res.status).toBe(429);
  });
});

test("lastUsedAt and the API_KEY_USE event are written at most once a minute", async () => {
  const { ctx, user } = await makeTenant("RW");
  const { key, secret } = await createApiKey(scopeOf(ctx), { name: "poller" });
  expect((await me(secret)).status).toBe(200);
  const first = (await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
  expect(first).not.toBeNull();
  const events = () => db.authEvent.findMany({ where: { type: "API_KEY_USE" }, orderBy: { id: "asc" } });
  expect(await events()).toEqual([
    expect.objectContaining({ userId: user.id, licenseeId: ctx.licenseeId, detail: key.prefix, clientIp: "203.0.113.9", userAgent: "report-script/1.0" }),
  ]);

  for (let i = 0; i < 3; i++) expect((await me(secret)).status).toBe(200);
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toEqual(first);
  expect(await events()).toHaveLength(1);

  // A minute later the next request writes it again, and logs one more line.
  const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
  await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: twoMinutesAgo } });
  expect((await me(secret)).status).toBe(200);
  const rewritten = (await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt!;
  expect(rewritten.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  expect(await events()).toHaveLength(2);
});

test("the list marks a key past its expiry without a request (decided on the server)", async () => {
  const { ctx } = await makeTenant("RW");
  const { key } = await createApiKey(scopeOf(ctx), { name: "k", expiresInDays: "30" });
  await db.apiKey.update({ where: { id: key.id }, data: { expiresAt: addDays(new Date(), -1) } });
  expect((await listApiKeys(ctx)).map((k) => k.status)).toEqual(["EXPIRED"]);
});

test("a key answers as its user in its licensee now: disabled user or membership gone 401, a changed role at once", async () => {
  const { ctx, user } = await makeTenant("RW");
  const { secret } = await createApiKey(scopeOf(ctx), { name: "script" });
  const meOf = async () => {
    const res = await me(secret);
    return { status: res.status, body: res.status === 200 ? ((await res.json()) as { respObject: Record<string, unknown> }).respObject : null };
  };
  expect(await meOf()).toMatchObject({ status: 200, body: expect.objectContaining({ authorities: ["ROLE_RW"], selectedLicensee: expect.objectContaining({ currencyCode: "USD" }) }) });

  await db.membership.updateMany({ where: { userId: user.id, licenseeId: ctx.licenseeId }, data: { role: "RO" } });
  expect(await meOf()).toMatchObject({ status: 200, body: expect.objectContaining({ authorities: ["ROLE_RO"] }) });

  await db.user.update({ where: { id: user.id }, data: { disabled: true } });
  expect((await meOf()).status).toBe(401);
  await db.user.update({ where: { id: user.id }, data: { disabled: false } });
  expect((await meOf()).status).toBe(200);

  await db.membership.deleteMany({ where: { userId: user.id, licenseeId: ctx.licenseeId } });
  expect((await meOf()).status).toBe(401);
});
