// Sessions on the server side (shell.md 4): Sign Out ends this session, so a
// copy of its cookie is refused, while the same user's other sessions go on;
// End All Sessions asks first; /change-password opens the dialog (shell.md 2.1).
// Data: signs demo users in and out in their own browser contexts only; never
// ends all sessions of a demo user (other tests use them in parallel) and
// changes no password (the dialog is cancelled).
import { test, expect, type Browser, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";
import { chooseAccountMenuItem, signOutViaMenu } from "./account-helpers";

const licensee = (page: Page) => page.getByTestId("top-bar").getByTestId("licensee-name");

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test("Sign Out ends this session on the server: a copy of its cookie is refused; the user's other session goes on", async ({
  browser,
  baseURL,
}) => {
  const laptop = await newPage(browser, baseURL);
  const phone = await newPage(browser, baseURL);
  await signIn(laptop.page, USERS.ro);
  await signIn(phone.page, USERS.ro);
  const copied = await laptop.context.cookies();

  await signOutViaMenu(laptop.page);

  const thief = await newPage(browser, baseURL);
  await thief.context.addCookies(copied);
  await thief.page.goto("/advertiser");
  await expect(thief.page).toHaveURL(/\/login\?returnUrl=%2Fadvertiser/);
  await expect(thief.page.getByLabel("Email")).toBeVisible();
  expect((await thief.context.request.get("/api/v1/me")).status()).toBe(401);

  await phone.page.goto("/advertiser");
  await expect(licensee(phone.page)).toHaveText("Default Media");
  expect((await phone.context.request.get("/api/v1/me")).status()).toBe(200);

  for (const { context } of [laptop, phone, thief]) await context.close();
});

test("End All Sessions asks first; Cancel keeps the user signed in", async ({ page }) => {
  await signIn(page, USERS.ro);
  await chooseAccountMenuItem(page, "End All Sessions");
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("You will be signed out on every browser and device, this one included.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await page.reload();
  await expect(licensee(page)).toHaveText("Default Media");
});

test.describe("/change-password", () => {
  test("signed out, it goes to sign-in and comes back to the open dialog", async ({ page }) => {
    await page.goto("/change-password");
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fchange-password$/);
    await page.getByLabel("Email").fill(USERS.ro);
    await page.getByLabel("Password", { exact: true }).fill("Demo@12345");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    const dialog = page.getByTestId("change-password-dialog");
    await expect(dialog.getByRole("heading", { name: "Change Password" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  test("signed in, the dialog opens and can be closed (Cancel goes home)", async ({ page }) => {
    await signIn(page, USERS.rw, { returnUrl: "/change-password" });
    const dialog = page.getByTestId("change-password-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(dialog).toHaveCount(0);
  });
});
