import { chooseAccountMenuItem, signOutViaMenu } from "./account-helpers";
// Single sign-on with Okta, against a local Okta stand-in (./oidc-provider.ts)
// on http://127.0.0.1:4011, the issuer of Acme's seeded theme. The server
// needs OKTA_CLIENT_SECRET=OIDC_CLIENT_SECRET (playwright.config.ts).
// Reserved for this spec: the Okta demo link of rw@acme.test (seeded by
// lib/auth/sso/demo-link.ts); nothing here changes data.
import { expect, test, type Page } from "@playwright/test";
import { OIDC_ACCOUNTS, startOidcProvider, type RunningProvider } from "./oidc-provider";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ACME = `http://acme.localhost:${PORT}`;

// One provider on a fixed port: keep this file's tests in one worker.
test.describe.configure({ mode: "serial" });

let idp: RunningProvider | undefined;
test.beforeAll(async () => {
  idp = await startOidcProvider(PORT);
});
test.afterAll(async () => {
  await idp?.close();
});

/** From the sign-in screen through the provider's login and consent pages. */
async function signInWithOkta(page: Page, account: { sub: string }) {
  await page.getByRole("button", { name: "Sign in with okta" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:4011\/interaction\//);
  await page.getByPlaceholder("Enter any login").fill(account.sub);
  await page.getByPlaceholder("and password").fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("a linked Okta account signs in through /ologin to its returnUrl as that console user", async ({ page }) => {
  await page.goto(`${ACME}/login?returnUrl=${encodeURIComponent("/advertiser")}`);
  await expect(page.getByRole("button", { name: "Sign in with okta" })).toBeEnabled();
  // No platform Google client is configured for the tests: shown, but disabled and saying why.
  const google = page.getByRole("button", { name: "Sign in with Google" });
  await expect(google).toBeDisabled();
  await expect(google).toHaveAttribute("title", /not set up for this site/);

  await signInWithOkta(page, OIDC_ACCOUNTS.linked);

  await expect(page).toHaveURL(`${ACME}/advertiser`);
  await expect(page.getByTestId("user-name")).toHaveText("Ada Acme");
  await expect(page.getByTestId("role-badge")).toHaveText("RW");
  await expect(page.getByTestId("licensee-name")).toHaveText("Acme Agency");
  await expect(page.getByTestId("advertiser-row").first()).toBeVisible();

  // The session is next-auth's: signing out ends it.
  await signOutViaMenu(page);
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`${ACME}/home`);
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fhome/);
});

test("without a returnUrl the Okta sign-in lands on /home", async ({ page }) => {
  await page.goto(`${ACME}/login`);
  await signInWithOkta(page, OIDC_ACCOUNTS.linked);
  await expect(page).toHaveURL(`${ACME}/home`);
  await expect(page.getByTestId("licensee-name")).toHaveText("Acme Agency");
  // The access log has it, with its method (next-auth's signIn event).
  await chooseAccountMenuItem(page, "Recent Sign-ins");
  await expect(page.getByRole("dialog", { name: "Recent Sign-ins" }).getByTestId("recent-sign-in").first().locator("td").nth(3)).toHaveText("Okta");
});

test("an unlinked Okta account is refused even though its e-mail is rw@acme.test's", async ({ page }) => {
  await page.goto(`${ACME}/login?returnUrl=${encodeURIComponent("/advertiser")}`);
  await signInWithOkta(page, OIDC_ACCOUNTS.unlinked);

  await expect(page).toHaveURL(`${ACME}/login?error=sso`);
  await expect(page.getByRole("alert").filter({ hasText: "This account is not linked to a console user. Ask your administrator." })).toBeVisible();
  await page.goto(`${ACME}/advertiser`);
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadvertiser/);
});
