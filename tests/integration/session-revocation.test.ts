// Sign Out ends THIS session on the server: a copy of its cookie is refused
// afterwards, while the same user's other sessions go on. Sign Out Everywhere
// ends them all. Real next-auth cookies, real session checks.
import "../helpers/browser-doubles";
import { db } from "@/lib/db";
import { endAllSessionsAction, endSessionAction, switchLicenseeAction } from "@/lib/account/actions";
import { reissueSession } from "@/lib/account/session-reissue";
import { getSessionContext, getSessionState, requireSession } from "@/lib/auth/session";
import type { TokenClaims } from "@/lib/auth/claims";
import { loadSessionState } from "@/lib/auth/context";
import * as sessionIds from "@/lib/auth/session-ids";
import { pruneRevokedSessions, revokeSession, SESSION_MAX_AGE_SECONDS, startSession } from "@/lib/auth/session-ids";
import { UnauthenticatedError } from "@/lib/errors";
import { handleApiRequest } from "@/lib/api/router";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeLicensee, makeUser } from "../helpers/factories";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { as, Browser, signInBrowser, useAuthSecret } from "../helpers/browser-session";

// The real check, made replaceable for one call to stand in for a database outage.
jest.mock("@/lib/auth/session-ids", () => {
  const actual = jest.requireActual("@/lib/auth/session-ids");
  return { ...actual, isSessionRevoked: jest.fn(actual.isSessionRevoked) };
});

useTestDatabase();
useAuthSecret();

async function setup() {
  const a = await makeLicensee("Licensee A", "a");
  const b = await makeLicensee("Licensee B", "b");
  const user = await makeUser("jane@a.com", [
    { licenseeId: a.id, role: "RW", canSwitch: true },
    { licenseeId: b.id, role: "RO", canSwitch: true },
  ]);
  const laptop = new Browser();
  const phone = new Browser();
  await signInBrowser(laptop, user.id, a.id);
  await signInBrowser(phone, user.id, a.id);
  return { a, b, user, laptop, phone };
}

const me = (browser: Browser) => as(browser, () => handleApiRequest(new Request("http://localhost/api/v1/me")));

test("after Sign Out a copy of that session's cookie is refused; the user's other session still works", async () => {
  const { user, laptop, phone } = await setup();
  const stolen = laptop.copy();
  expect((await as(stolen, getSessionContext))?.userId).toBe(user.id);

  await as(laptop, endSessionAction);
  expect(laptop.hasSession()).toBe(false); // the cookie is cleared...
  // ...and the session is over on the server: its copy gets nowhere.
  expect(await as(stolen, getSessionContext)).toBeNull();
  await expect(as(stolen, requireSession)).rejects.toBeInstanceOf(UnauthenticatedError);
  expect((await me(stolen)).status).toBe(401);

  expect((await as(phone, getSessionContext))?.userId).toBe(user.id);
  expect((await me(phone)).status).toBe(200);
  // No session version bump: Sign Out does not touch the user's other sessions.
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion);
});

test("a session keeps its id through a licensee switch, so Sign Out ends the re-issued cookie too", async () => {
  const { b, laptop, phone } = await setup();
  const beforeSwitch = laptop.copy();
  const result = await as(laptop, () => switchLicenseeAction({ licenseeId: b.id }));
  if (!result.ok) throw new Error(result.formError);
  await as(laptop, () => reissueSession(result.data.ticket));
  expect((await as(laptop, getSessionContext))?.licenseeName).toBe("Licensee B");
  const afterSwitch = laptop.copy();

  await as(laptop, endSessionAction);
  expect(await as(beforeSwitch, getSessionContext)).toBeNull();
  expect(await as(afterSwitch, getSessionContext)).toBeNull();
  expect(await as(phone, getSessionContext)).not.toBeNull();
});

test("Sign Out Everywhere ends every session of the user, revokes their API keys, and is audited", async () => {
  const { user, laptop, phone, a } = await setup();
  const { secret } = await createApiKey(scopeOf(await ctxFor(user.id, a.id)), { name: "script" });
  const laptopCopy = laptop.copy();
  const result = await as(phone, endAllSessionsAction);
  expect(result).toEqual({ ok: true, data: null });
  expect(phone.hasSession()).toBe(false);
  expect(await as(phone.copy(), getSessionContext)).toBeNull();
  expect(await as(laptopCopy, getSessionContext)).toBeNull();
  expect((await me(laptopCopy)).status).toBe(401);

  const log = await db.activityLog.findFirstOrThrow({ where: { entityType: "USER", entityId: user.id }, include: { fields: true } });
  expect(log.message).toBe("Signed out of every session");
  const bearer = new Request("http://localhost/api/v1/me", { headers: { authorization: `Bearer ${secret}` } });
  expect((await handleApiRequest(bearer)).status).toBe(401);
  expect(await db.authEvent.count({ where: { type: "END_ALL_SESSIONS", userId: user.id } })).toBe(1);
  // A new sign-in works as usual.
  const fresh = new Browser();
  await signInBrowser(fresh, user.id, log.licenseeId);
  expect((await as(fresh, getSessionContext))?.userId).toBe(user.id);
});

test("Sign Out Everywhere without a session is 401 and changes nothing", async () => {
  const { user } = await setup();
  expect(await as(new Browser(), endAllSessionsAction)).toMatchObject({ ok: false, status: 401 });
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion);
});

describe("session ids and lifetime", () => {
  async function claimsFor() {
    const a = await makeLicensee("Licensee A", "a");
    const user = await makeUser("joe@a.com", [{ licenseeId: a.id, role: "RW" }]);
    return startSession({ userId: user.id, licenseeId: a.id, sessionVersion: user.sessionVersion });
  }

  test("every sign-in gets its own random id", async () => {
    const one = await claimsFor();
    const two = startSession(one);
    expect(one.sid).toMatch(/^[\w-]{20,}$/);
    expect(two.sid).not.toBe(one.sid);
  });

  test("tokens without a session id, or older than the session lifetime, are refused", async () => {
    const claims = await claimsFor();
    await expect(loadSessionState(claims)).resolves.toMatchObject({ status: "active" });
    await expect(loadSessionState({ ...claims, sid: undefined })).rejects.toBeInstanceOf(UnauthenticatedError);
    const later = new Date((claims.signedInAt + SESSION_MAX_AGE_SECONDS + 1) * 1000);
    await expect(loadSessionState(claims, later)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  test("revoked ids are kept until the session would have expired anyway, then pruned", async () => {
    const claims = await claimsFor();
    await revokeSession(claims);
    await revokeSession(claims); // idempotent
    await expect(loadSessionState(claims)).rejects.toBeInstanceOf(UnauthenticatedError);
    const row = await db.revokedSession.findUniqueOrThrow({ where: { id: claims.sid } });
    expect(row.expiresAt.getTime()).toBe((claims.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000);

    expect(await pruneRevokedSessions(new Date(row.expiresAt.getTime() - 1000))).toBe(0);
    expect(await pruneRevokedSessions(new Date(row.expiresAt.getTime() + 1000))).toBe(1);
    expect(await db.revokedSession.count()).toBe(0);
  });

  test("an already expired session is not recorded", async () => {
    const claims: TokenClaims = { ...(await claimsFor()), signedInAt: Math.floor(Date.now() / 1000) - SESSION_MAX_AGE_SECONDS - 5 };
    await revokeSession(claims);
    expect(await db.revokedSession.count()).toBe(0);
  });
});

test("getSessionState tells a signed-out browser from a signed-in one", async () => {
  const { laptop } = await setup();
  expect(await as(new Browser(), getSessionState)).toBeNull();
  expect(await as(laptop, getSessionState)).toMatchObject({ status: "active" });
});

test("a database failure while checking the session is an error, not a signed-out user", async () => {
  const { laptop } = await setup();
  jest.mocked(sessionIds.isSessionRevoked).mockRejectedValueOnce(new Error("connection refused"));
  await expect(as(laptop, getSessionState)).rejects.toThrow("connection refused");
  // The outage over, the same cookie is a session again: nothing was ended.
  expect(await as(laptop, getSessionState)).toMatchObject({ status: "active" });
});
