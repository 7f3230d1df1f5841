// The account side after sign-in (shell.md 2.3-2.5, 4-8): the user menu by
// role, the change-password dialog's rules, licensee switching across tabs,
// session expiry, and API keys used against the REST API.
// Data: changes no demo user's password, 2FA flag or role. The API-key test
// creates (and revokes) its own key for rw@acme.test; the switch test only
// changes its own browser session.
import { test, expect, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";
import { chooseAccountMenuItem, openAccountMenu, signOutViaMenu } from "./account-helpers";

const licensee = (page: Page) => page.getByTestId("top-bar").getByTestId("licensee-name");

test.describe("user menu by role", () => {
  test("RW with the switch option sees every item", async ({ page }) => {
    await signIn(page, USERS.rw);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Switch Licensee",
      "Account Preferences",
      "Activity Logs",
      "Generate API Key",
      "Recent Sign-ins",
      "Change Password",
      "Sign Out",
      "End All Sessions",
    ]);
    await expect(menu.getByRole("menuitem", { name: "Generate API Key" })).toHaveAttribute("href", "/home/generate_token");
    await expect(menu.getByRole("menuitemcheckbox")).toHaveAttribute("aria-checked", "false");
  });

  test("RO: no Switch Licensee, no Activity Logs, Generate API Key disabled", async ({ page }) => {
    await signIn(page, USERS.ro);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole("menuitem", { name: "Switch Licensee" })).toHaveCount(0);
    await expect(menu.getByRole("menuitem", { name: "Activity Logs" })).toHaveCount(0);
    await expect(menu.getByRole("menuitem", { name: "Generate API Key" })).toBeDisabled();
    await expect(menu.getByRole("menuitem", { name: "Change Password" })).toBeVisible();
  });

  test("DEMO: no Generate API Key at all, and its page is not found", async ({ page }) => {
    await signIn(page, USERS.demo);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole("menuitem", { name: "Generate API Key" })).toHaveCount(0);
    await expect(menu.getByRole("menuitem", { name: "Activity Logs" })).toHaveCount(0);
    // A shared account: one visitor must not end everybody's sessions.
    await expect(menu.getByRole("menuitem", { name: "End All Sessions" })).toHaveCount(0);
    const response = await page.goto("/home/generate_token");
    expect(response?.status()).toBe(404);
  });

  test("the two-factor switch asks first and flips back when cancelled", async ({ page }) => {
    await signIn(page, USERS.ro);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole("menuitemcheckbox", { name: "Two-factor authentication" })).toHaveAttribute("aria-checked", "false");
    // By test id: the open question hides the menu from the accessibility tree.
    const toggle = menu.getByTestId("two-factor-toggle");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    const confirm = page.getByTestId("confirm-dialog");
    await expect(confirm).toContainText("enable two-factor authentication");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
  });

  test("Account Preferences and Activity Logs open their panels", async ({ page }) => {
    await signIn(page, USERS.rw);
    await chooseAccountMenuItem(page, "Activity Logs");
    await expect(page).toHaveURL(/[?&]panel=activity/);
    await expect(page.getByTestId("activity-panel")).toBeVisible();
    // The panel is modal: close it before using the top bar again.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("activity-panel")).toHaveCount(0);
    await chooseAccountMenuItem(page, "Account Preferences");
    await expect(page).toHaveURL(/[?&]panel=preferences/);
  });
});

test.describe("recent sign-ins", () => {
  // The browser writes its own X-Forwarded-For on every request: with no proxy
  // configured (TRUST_PROXY_HOPS unset) the server must not believe it.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "6.6.6.6" } });

  test("lists this sign-in with the connection's address, the browser and the method", async ({ page }) => {
    await signIn(page, USERS.ro);
    await chooseAccountMenuItem(page, "Recent Sign-ins");
    const dialog = page.getByRole("dialog", { name: "Recent Sign-ins" });
    const newest = dialog.getByTestId("recent-sign-in").first();
    await expect(newest.locator("td").nth(1)).toHaveText(/^(127\.0\.0\.1|::1)$/);
    await expect(newest.locator("td").nth(2)).toHaveText(/^Chrome \d+ on /);
    await expect(newest.locator("td").nth(3)).toHaveText("Password");
    await expect(dialog.getByText("6.6.6.6")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("change password dialog", () => {
  test("rules show after typing, Save waits for a valid form, a wrong old password is refused", async ({ page }) => {
    await signIn(page, USERS.ro);
    await chooseAccountMenuItem(page, "Change Password");
    const dialog = page.getByTestId("change-password-dialog");
    await expect(dialog.getByRole("heading", { name: "Change Password" })).toBeVisible();
    const save = dialog.getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();

    const oldField = dialog.getByLabel("Old Password", { exact: true });
    const newField = dialog.getByLabel("New Password", { exact: true });
    const confirmField = dialog.getByLabel("Confirmation Password", { exact: true });

    await newField.fill("abc");
    await expect(dialog.getByTestId("new-password-error")).toHaveText("Password should contain atleast 8 characters.");
    await expect(dialog.getByTestId("old-password-error")).toHaveCount(0); // not typed yet

    await newField.fill("abcdefgh1@");
    await expect(dialog.getByTestId("new-password-error")).toHaveText("Password should contain atleast 1 upper case character.");
    await newField.fill("Abcd*fgh1@");
    await expect(dialog.getByTestId("new-password-error")).toHaveText("Password contains invalid character(s): *");

    await oldField.fill("Demo@12345");
    await newField.fill("Demo@12346");
    await expect(dialog.getByTestId("new-password-error")).toHaveText(
      "Old password and new password are very similar. Please enter a different password",
    );
    await oldField.fill("");
    await expect(dialog.getByTestId("old-password-error")).toHaveText("Old Password is required");

    await oldField.fill("Wrong@9876");
    await newField.fill("Kite@9river");
    await confirmField.fill("Kite@9rivers");
    await expect(dialog.getByTestId("confirm-password-error")).toHaveText("New password and Confirmation password should be same");
    await expect(save).toBeDisabled();
    await confirmField.fill("Kite@9river");
    await expect(dialog.getByTestId("confirm-password-error")).toHaveCount(0);
    await expect(save).toBeEnabled();

    await dialog.getByRole("button", { name: "Show Old Password" }).click();
    await expect(oldField).toHaveAttribute("type", "text");

    await save.click();
    await expect(dialog.getByTestId("old-password-error")).toHaveText("Old password do not match");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("an expired session says so and goes back to sign-in", async ({ page, context }) => {
    await signIn(page, USERS.ro);
    await chooseAccountMenuItem(page, "Change Password");
    const dialog = page.getByTestId("change-password-dialog");
    await dialog.getByLabel("Old Password", { exact: true }).fill("Wrong@9876");
    await dialog.getByLabel("New Password", { exact: true }).fill("Kite@9river");
    await dialog.getByLabel("Confirmation Password", { exact: true }).fill("Kite@9river");
    // The session goes stale while the dialog is open (as after a password
    // change elsewhere): the cookie is still sent, but no longer accepted.
    const cookie = (await context.cookies()).find((c) => c.name.startsWith("authjs.session-token"));
    await context.addCookies([{ ...cookie!, value: "stale" }]);
    await dialog.getByRole("button", { name: "Save" }).click();
    // No dialog to press (shell.md 8): signed out at once, the sign-in page says why.
    await expect(page).toHaveURL(/\/login\?.*expired=1/);
    await expect(page.getByTestId("session-expired")).toHaveText("Your current session has expired! Please log in again.");
    await expect(page.getByTestId("change-password-dialog")).toHaveCount(0);
  });
});

test.describe("licensee switch", () => {
  test("rw@default.test switches into Acme Agency and back; the other tab follows", async ({ page, context }) => {
    await signIn(page, USERS.rw, { returnUrl: "/advertiser" });
    await expect(licensee(page)).toHaveText("Default Media");
    const other = await context.newPage();
    await other.goto("/advertiser");
    await expect(licensee(other)).toHaveText("Default Media");

    await chooseAccountMenuItem(page, "Switch Licensee");
    const dialog = page.getByTestId("licensee-switcher");
    await expect(dialog.getByRole("heading", { name: "Switch Licensee" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
    await dialog.getByLabel("Search licensee").fill("acme");
    await expect(dialog.getByRole("list", { name: "Licensees" }).getByRole("button")).toHaveText(["Acme Agency"]);
    await dialog.getByRole("button", { name: "Acme Agency" }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(licensee(page)).toHaveText("Acme Agency");
    // The other tab reloads at home with the new licensee.
    await expect(other).toHaveURL(/\/home$/);
    await expect(licensee(other)).toHaveText("Acme Agency");

    await chooseAccountMenuItem(page, "Switch Licensee");
    await page.getByTestId("licensee-switcher").getByRole("button", { name: "Default Media" }).click();
    await expect(licensee(page)).toHaveText("Default Media");
  });

  test("signing out in one tab signs out the others", async ({ page, context }) => {
    await signIn(page, USERS.ro);
    const other = await context.newPage();
    await other.goto("/home");
    await expect(licensee(other)).toHaveText("Default Media");
    await signOutViaMenu(page);
    await expect(other).toHaveURL(/\/login/);
  });
});

test("an API key created on the page calls the REST API until it is revoked", async ({ page, request }) => {
  await signIn(page, USERS.acme, { returnUrl: "/home/generate_token" });
  await expect(page.getByRole("heading", { name: "Generate API Key" })).toBeVisible();
  const name = `e2e key ${Date.now()}`;
  await page.getByLabel("Key name").fill(name);
  await expect(page.getByLabel("Access")).toHaveValue("READ_ONLY");
  await page.getByLabel("Expires after").selectOption("30");
  await page.getByRole("button", { name: "Generate API Key" }).click();
  const secret = (await page.getByTestId("api-key-secret").textContent())!.trim();
  expect(secret).toMatch(/^dsp_[0-9a-f]{8}_/);
  const row = page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Read-only");
  const in30Days = new Date(Date.now() + 30 * 86_400_000);
  await expect(row).toContainText(`${in30Days.getUTCDate()} ${in30Days.toLocaleString("en", { month: "short", timeZone: "UTC" })} ${in30Days.getUTCFullYear()}`);

  const auth = { Authorization: `Bearer ${secret}` };
  const me = await request.get("/api/v1/me", { headers: auth });
  expect(me.status()).toBe(200);
  expect((await me.json()).respObject).toMatchObject({
    username: USERS.acme,
    authorities: ["ROLE_RW"],
    selectedLicensee: { name: "Acme Agency" },
  });
  const list = await request.get("/api/v1/advertisers", { headers: auth });
  expect(list.status()).toBe(200);
  const { respObject } = await list.json();
  expect(respObject.data.length).toBeGreaterThan(0);
  const id = respObject.data[0].id;
  const one = await request.get(`/api/v1/advertisers/${id}`, { headers: auth });
  expect(one.status()).toBe(200);
  // A read-only key may not write, whatever its user's role.
  const write = await request.patch(`/api/v1/advertisers/${id}`, { headers: auth, data: { version: (await one.json()).respObject.version } });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.message).toBe("This API key is read-only");
  // The session cookie works as well; no credentials at all do not.
  expect((await page.request.get("/api/v1/advertisers")).status()).toBe(200);
  expect((await request.get("/api/v1/advertisers")).status()).toBe(401);

  await page.getByTestId("api-key-row").filter({ hasText: name }).getByRole("button", { name: "Revoke" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByTestId("api-key-row").filter({ hasText: name })).toContainText("Revoked");
  expect((await request.get("/api/v1/advertisers", { headers: auth })).status()).toBe(401);
});
