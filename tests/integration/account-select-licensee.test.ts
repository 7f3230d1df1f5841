// 'Select Licensee' (shell.md 2.4, 4): a user of several licensees with none
// marked default signs in without a licensee. Until one is chosen no licensee
// data is served (actions and REST refuse with 403, pages send the user back
// to the selector on the sign-in screen); choosing re-issues the session for
// that licensee with its role. Real sign-in action, cookies and session checks.
import "../helpers/browser-doubles";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { checkPassword } from "@/lib/auth/credentials";
import { LICENSEE_REQUIRED } from "@/lib/auth/context";
import { getSessionContext, getSessionState, requirePageSession } from "@/lib/auth/session";
import { endSessionAction, listLicenseesAction, setTwoFactorAction, switchLicenseeAction } from "@/lib/account/actions";
import { reissueSession } from "@/lib/account/session-reissue";
import { createAdvertiserAction } from "@/lib/advertisers/actions";
import { loadPreferencesAction } from "@/lib/preferences/actions";
import { loginAction } from "@/lib/sign-in/actions";
import { handleApiRequest } from "@/lib/api/router";
import { useTestDatabase } from "../helpers/db";
import { makeAdvertiser, makeLicensee, makeUser, validAdvertiserInput } from "../helpers/factories";
import { as, Browser, signInBrowser, useAuthSecret } from "../helpers/browser-session";

useTestDatabase();
useAuthSecret();

const PASSWORD = "Zebra#2024";

async function setup() {
  const zeta = await makeLicensee("Zeta Media", "zeta");
  const alpha = await makeLicensee("alpha Agency", "alpha");
  const other = await makeLicensee("Other", "other");
  await makeAdvertiser(zeta.id, { name: "Zeta shoes" });
  const user = await makeUser(
    "multi@zeta.com",
    [
      { licenseeId: zeta.id, role: "RW" },
      { licenseeId: alpha.id, role: "DEMO" },
    ],
    { passwordHash: await hashPassword(PASSWORD) },
  );
  await db.membership.updateMany({ where: { userId: user.id }, data: { isDefault: false } });
  const browser = new Browser();
  const login = await as(browser, () => loginAction({ email: "multi@zeta.com", password: PASSWORD, returnUrl: "/advertiser" }));
  return { zeta, alpha, other, user, browser, login };
}

test("signing in leads to the selector, keeping where the user was going", async () => {
  const { user, browser, login } = await setup();
  expect(login).toEqual({ ok: true, data: { status: "signed-in", redirectTo: "/login?returnUrl=%2Fadvertiser" } });
  expect(browser.hasSession()).toBe(true);
  expect(await as(browser, getSessionState)).toEqual({
    status: "select-licensee",
    user: { userId: user.id, userName: "multi", email: "multi@zeta.com" },
  });
  // No licensee: console pages go back to the sign-in screen (which shows the selector).
  expect(await as(browser, getSessionContext)).toBeNull();
  const redirected = await as(browser, requirePageSession).catch((e: unknown) => e);
  expect(String((redirected as { digest?: string }).digest)).toContain("/login?returnUrl=%2Fhome");
});

test("until a licensee is chosen, actions and REST calls are refused with 403 and change nothing", async () => {
  const { browser } = await setup();
  const refused = { ok: false, status: 403, formError: LICENSEE_REQUIRED };
  await as(browser, async () => {
    expect(await createAdvertiserAction(validAdvertiserInput())).toEqual(refused);
    expect(await loadPreferencesAction()).toEqual(refused);
    expect(await setTwoFactorAction({ enabled: true })).toEqual(refused);
    const response = await handleApiRequest(new Request("http://localhost/api/v1/advertisers"));
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe(LICENSEE_REQUIRED);
  });
  expect(await db.advertiser.count()).toBe(1);
});

test("the selector lists the user's licensees; choosing one gives the session that licensee and its role", async () => {
  const { zeta, alpha, other, browser } = await setup();
  const listed = await as(browser, listLicenseesAction);
  expect(listed).toEqual({
    ok: true,
    data: [
      { id: alpha.id, name: "alpha Agency", current: false },
      { id: zeta.id, name: "Zeta Media", current: false },
    ],
  });
  // Not a member: as if it did not exist.
  expect(await as(browser, () => switchLicenseeAction({ licenseeId: other.id }))).toMatchObject({ ok: false, status: 404 });

  const chosen = await as(browser, () => switchLicenseeAction({ licenseeId: zeta.id }));
  if (!chosen.ok) throw new Error(chosen.formError);
  expect(chosen.data).toMatchObject({ licenseeId: zeta.id, licenseeName: "Zeta Media" });
  await as(browser, () => reissueSession(chosen.data.ticket));
  expect(await as(browser, getSessionContext)).toMatchObject({ licenseeId: zeta.id, role: "RW" });
  const response = await as(browser, () =>
    handleApiRequest(new Request("http://localhost/api/v1/advertisers")),
  );
  expect(response.status).toBe(200);
  expect((await response.json()).respObject.data).toEqual([expect.objectContaining({ name: "Zeta shoes" })]);
});

test("Sign Out works from the selector", async () => {
  const { browser } = await setup();
  const copy = browser.copy();
  await as(browser, endSessionAction);
  expect(await as(copy, getSessionState)).toBeNull();
});

test("a default membership, or a single one, is entered directly (as for the demo users)", async () => {
  const { zeta, alpha, user } = await setup();
  expect((await checkPassword("multi@zeta.com", PASSWORD))?.licenseeId).toBeNull();
  await db.membership.update({ where: { userId_licenseeId: { userId: user.id, licenseeId: alpha.id } }, data: { isDefault: true } });
  expect((await checkPassword("multi@zeta.com", PASSWORD))?.licenseeId).toBe(alpha.id);
  await db.membership.delete({ where: { userId_licenseeId: { userId: user.id, licenseeId: alpha.id } } });
  expect((await checkPassword("multi@zeta.com", PASSWORD))?.licenseeId).toBe(zeta.id);

  const browser = new Browser();
  const login = await as(browser, () => loginAction({ email: "multi@zeta.com", password: PASSWORD, returnUrl: "/advertiser" }));
  expect(login).toEqual({ ok: true, data: { status: "signed-in", redirectTo: "/advertiser" } });
  expect(await as(browser, getSessionContext)).toMatchObject({ licenseeId: zeta.id });
});

test("a switch into a demo membership does not go home (shell.md 4: demo users skip preferences and redirect)", async () => {
  const { zeta, alpha, user } = await setup();
  await db.membership.updateMany({ where: { userId: user.id }, data: { canSwitch: true } });
  const browser = new Browser();
  await signInBrowser(browser, user.id, zeta.id);
  const toDemo = await as(browser, () => switchLicenseeAction({ licenseeId: alpha.id }));
  expect(toDemo).toMatchObject({ ok: true, data: { licenseeId: alpha.id, goHome: false } });
  if (!toDemo.ok) return;
  await as(browser, () => reissueSession(toDemo.data.ticket));
  expect(await as(browser, () => switchLicenseeAction({ licenseeId: zeta.id }))).toMatchObject({ ok: true, data: { goHome: true } });
});
