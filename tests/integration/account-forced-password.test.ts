// A forced password change (User.forcePasswordChange) is enforced by the
// server, not only by the dialog: until the password is changed, every server
// action and REST call but changing the password and signing out is refused
// with 403 and a message saying why; reading the session still works (pages
// render under the dialog). Real next-auth cookies, real actions and routes.
import "../helpers/browser-doubles";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { PASSWORD_CHANGE_REQUIRED } from "@/lib/auth/context";
import { getSessionContext } from "@/lib/auth/session";
import {
  changePasswordAction,
  createApiKeyAction,
  endSessionAction,
  listLicenseesAction,
  setTwoFactorAction,
  switchLicenseeAction,
} from "@/lib/account/actions";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { reissueSession } from "@/lib/account/session-reissue";
import { createAdvertiserAction } from "@/lib/advertisers/actions";
import { loadPreferencesAction } from "@/lib/preferences/actions";
import { handleApiRequest } from "@/lib/api/router";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeAdvertiser, makeLicensee, makeUser, validAdvertiserInput } from "../helpers/factories";
import { as, Browser, signInBrowser, useAuthSecret } from "../helpers/browser-session";

useTestDatabase();
useAuthSecret();

const OLD = "Zebra#2024";
const NEW = "Kite@9river";
const change = (oldPassword: string) => ({ oldPassword, newPassword: NEW, confirmPassword: NEW });

async function setup() {
  const a = await makeLicensee("Licensee A", "a");
  const b = await makeLicensee("Licensee B", "b");
  const user = await makeUser(
    "forced@a.com",
    [
      { licenseeId: a.id, role: "RW", canSwitch: true },
      { licenseeId: b.id, role: "RW", canSwitch: true },
    ],
    { passwordHash: await hashPassword(OLD) },
  );
  await makeAdvertiser(a.id, { name: "Shoes" });
  // A key made before the flag was set: it must be refused too.
  const { secret } = await createApiKey(scopeOf(await ctxFor(user.id, a.id)), { name: "script" });
  await db.user.update({ where: { id: user.id }, data: { forcePasswordChange: true } });
  const browser = new Browser();
  await signInBrowser(browser, user.id, a.id);
  return { a, b, user, browser, secret };
}

function rest(path: string, key?: string) {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  return handleApiRequest(new Request(`http://localhost/api/v1${path}`, { headers }));
}

const refused = { ok: false, status: 403, formError: PASSWORD_CHANGE_REQUIRED };

test("server actions are refused with 403 and the reason, and change nothing", async () => {
  const { user, b, browser } = await setup();
  await as(browser, async () => {
    expect(await createAdvertiserAction(validAdvertiserInput())).toEqual(refused);
    expect(await setTwoFactorAction({ enabled: true })).toEqual(refused);
    expect(await createApiKeyAction({ name: "another" })).toEqual(refused);
    expect(await loadPreferencesAction()).toEqual(refused);
    expect(await listLicenseesAction()).toEqual(refused);
    expect(await switchLicenseeAction({ licenseeId: b.id })).toEqual(refused);
  });
  expect(await db.advertiser.count()).toBe(1);
  expect(await db.apiKey.count()).toBe(1);
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabled).toBe(false);
});

test("REST calls are refused with 403 and the reason, by session cookie and by API key", async () => {
  const { browser, secret } = await setup();
  for (const response of [
    await as(browser, () => rest("/advertisers")),
    await as(browser, () => rest("/me")),
    await as(new Browser(), () => rest("/advertisers", secret)),
  ]) {
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatchObject({ status: 403, message: PASSWORD_CHANGE_REQUIRED });
  }
});

test("the session can still be read, and changing the password lifts every refusal", async () => {
  const { a, browser, secret } = await setup();
  // Pages read the session: they render under the dialog that cannot be closed.
  expect(await as(browser, getSessionContext)).toMatchObject({ licenseeId: a.id, forcePasswordChange: true });

  const wrong = await as(browser, () => changePasswordAction(change("Wrong#2024")));
  expect(wrong).toEqual({
    ok: false,
    status: 400,
    fieldErrors: { oldPassword: "Old password do not match" },
    formError: "Please correct the highlighted fields.",
  });

  const done = await as(browser, () => changePasswordAction(change(OLD)));
  if (!done.ok) throw new Error(done.formError);
  expect(done.data.message).toBe("Password changed successfully");
  // The change ended the old session; the ticket re-issues this browser's.
  expect(await as(browser.copy(), getSessionContext)).toBeNull();
  await as(browser, () => reissueSession(done.data.ticket));
  expect(await as(browser, getSessionContext)).toMatchObject({ forcePasswordChange: false });

  await as(browser, async () => {
    expect(await setTwoFactorAction({ enabled: true })).toMatchObject({ ok: true });
    expect(await listLicenseesAction()).toMatchObject({ ok: true });
    expect((await rest("/advertisers")).status).toBe(200);
  });
  // A password change revokes every API key of the user: the old key is refused.
  expect((await rest("/advertisers", secret)).status).toBe(401);
});

test("Sign Out is allowed while the change is pending", async () => {
  const { browser } = await setup();
  const copy = browser.copy();
  await as(browser, endSessionAction);
  expect(browser.hasSession()).toBe(false);
  expect(await as(copy, getSessionContext)).toBeNull();
});
