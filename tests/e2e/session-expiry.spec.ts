// An expired session (shell.md 4, 8): once the server refuses the session, the
// next action signs every tab out at once, with no dialog to press, and the
// sign-in page says 'Your current session has expired! Please log in again.';
// signing in again goes back where the user was. A page load with the refused
// cookie lands on the same message.
// Data: the session is ended by signing a copy of its cookie out in another
// browser context (the user's other sessions go on, so parallel tests using
// rw@default.test are unaffected); the refused actions change nothing.
import { test, expect, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD, signIn, USERS } from "./helpers";
import { signOutViaMenu } from "./account-helpers";

const EXPIRED = "Your current session has expired! Please log in again.";

/** Ends `page`'s session on the server: its cookie, copied into another browser, signs out there. */
async function endSessionElsewhere(browser: Browser, baseURL: string | undefined, page: Page) {
  const elsewhere = await browser.newContext({ baseURL });
  await elsewhere.addCookies(await page.context().cookies());
  const other = await elsewhere.newPage();
  await other.goto("/home");
  await signOutViaMenu(other);
  await elsewhere.close();
}

/** rw@default.test signed in on the advertiser list in a context of its own. */
async function onAdvertiserList(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, USERS.rw, { returnUrl: "/advertiser" });
  return { context, page, row: page.getByTestId("advertiser-row").first() };
}

async function expectExpiredSignIn(page: Page, returnUrl: string) {
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("expired") === "1");
  expect(new URL(page.url()).searchParams.get("returnUrl")).toBe(returnUrl);
  await expect(page.getByRole("alert").filter({ hasText: EXPIRED })).toBeVisible();
  await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
}

test("a bulk action on an expired session signs every tab out to the expired message; signing in returns to the list", async ({
  browser,
  baseURL,
}) => {
  const { context, page, row } = await onAdvertiserList(browser, baseURL);
  const otherTab = await context.newPage();
  await otherTab.goto("/home");
  await expect(otherTab.getByTestId("top-bar").getByTestId("licensee-name")).toBeVisible();

  await expect(row).toBeVisible();
  await endSessionElsewhere(browser, baseURL, page);

  // The box stays disabled until React owns the table, so the check is not lost.
  await row.getByRole("checkbox").check();
  await page.getByTestId("bulk-bar").getByRole("button", { name: "Deactivate" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Yes" }).click();

  await expectExpiredSignIn(page, "/advertiser");
  await expect(page.getByTestId("list-alert")).toHaveCount(0);
  // The other tab follows at once, with the same message.
  await expectExpiredSignIn(otherTab, "/home");

  await page.getByLabel("Email").fill(USERS.rw);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(page.getByTestId("advertiser-row").first()).toBeVisible();
  await context.close();
});

test("a row status change on an expired session lands on the expired message", async ({ browser, baseURL }) => {
  const { context, page, row } = await onAdvertiserList(browser, baseURL);
  await expect(row).toBeVisible();
  await endSessionElsewhere(browser, baseURL, page);

  await row.getByRole("button", { name: /^(Activate|Deactivate)$/ }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Yes" }).click();
  await expectExpiredSignIn(page, "/advertiser");
  await context.close();
});

test("a page load with the refused cookie lands on the expired message; without any cookie there is none", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await onAdvertiserList(browser, baseURL);
  await endSessionElsewhere(browser, baseURL, page);

  await page.goto("/campaign?page=1");
  await expectExpiredSignIn(page, "/campaign?page=1");

  await context.clearCookies();
  await page.goto("/campaign");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fcampaign$/);
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  await context.close();
});
