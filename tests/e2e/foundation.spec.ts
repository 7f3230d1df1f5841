// Foundation: the console serves sign-in, themes by sub-domain, protects console
// routes, and shows each role what shell.md section 6 allows.
import { test, expect } from "@playwright/test";
import { signIn, USERS } from "./helpers";
import { signOutViaMenu } from "./account-helpers";
import { LICENSEES } from "../../lib/seed/tenants";

const themeOf = (key: string) => LICENSEES.find((l) => l.key === key)!.theme;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("health answers 200 with the database up", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: "up" });
});

test("a signed-out visit to a console route goes to sign-in and comes back after it", async ({ page }) => {
  await page.goto("/advertiser");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadvertiser$/);
  await page.getByLabel("Email").fill(USERS.rw);
  await page.getByLabel("Password", { exact: true }).fill("Demo@12345");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(page.getByRole("heading", { name: "Advertisers" })).toBeVisible();
});

test("wrong credentials say so without telling whether the e-mail exists", async ({ page }) => {
  for (const email of [USERS.rw, "nobody@default.test"]) {
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong@12345");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByTestId("login-error")).toHaveText("Username or password is incorrect");
    await expect(page).toHaveURL(/\/login/);
  }
});

test("the sub-domain selects the licensee's theme", async ({ page }) => {
  const port = new URL(test.info().project.use.baseURL!).port;
  await page.goto(`http://acme.localhost:${port}/login`);
  await expect(page).toHaveTitle("Acme Agency");
  await expect(page.locator("html")).toHaveAttribute("data-palette", "3");
  await expect(page.getByRole("img", { name: "Acme Agency" })).toBeVisible();
  // The favicon is the seeded licensee's too, not the default one.
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", new RegExp(`^${escapeRegExp(themeOf("acme").favIcon)}(\\?|$)`));

  await page.goto("/login");
  await expect(page).toHaveTitle("Default Media");
  await expect(page.locator("html")).toHaveAttribute("data-palette", "1");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", new RegExp(`^${escapeRegExp(themeOf("default").favIcon)}(\\?|$)`));
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops, This page isn't available")).toBeVisible();
  await expect(page.getByText("The link you followed may be broken, or the page may have been removed.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back To Homepage" })).toHaveAttribute("href", "/login");
});

test.describe("what each role sees", () => {
  test("RW: may create advertisers", async ({ page }) => {
    await signIn(page, USERS.rw, { returnUrl: "/advertiser" });
    await expect(page.getByTestId("role-badge")).toHaveText("RW");
    const create = page.getByTestId("create-advertiser");
    await expect(create).toBeVisible();
    await expect(create).toHaveAttribute("href", "/advertiser/create");
  });

  test("DEMO: the create control is shown disabled", async ({ page }) => {
    await signIn(page, USERS.demo, { returnUrl: "/advertiser" });
    await expect(page.getByTestId("role-badge")).toHaveText("DEMO");
    await expect(page.getByTestId("create-advertiser")).toBeDisabled();
  });

  test("RO: the create control is not there at all", async ({ page }) => {
    await signIn(page, USERS.ro, { returnUrl: "/advertiser" });
    await expect(page.getByTestId("role-badge")).toHaveText("RO");
    await expect(page.getByTestId("advertiser-row").first()).toBeVisible();
    await expect(page.getByTestId("create-advertiser")).toHaveCount(0);
  });

  test("a licensee's user sees only that licensee's advertisers, and another licensee's id is not found", async ({ page }) => {
    await signIn(page, USERS.rw, { returnUrl: "/advertiser" });
    const defaultNames = await page.getByTestId("advertiser-row").getByRole("link").allTextContents();
    const firstHref = await page.getByTestId("advertiser-row").first().getByRole("link").getAttribute("href");
    expect(defaultNames.length).toBeGreaterThan(0);
    await signOutViaMenu(page);
    await expect(page).toHaveURL(/\/login/);

    await signIn(page, USERS.acme, { returnUrl: "/advertiser" });
    await expect(page.getByTestId("licensee-name")).toHaveText("Acme Agency");
    const acmeNames = await page.getByTestId("advertiser-row").getByRole("link").allTextContents();
    expect(acmeNames.length).toBeGreaterThan(0);
    expect(acmeNames.filter((n) => defaultNames.includes(n))).toEqual([]);

    const response = await page.goto(firstHref!);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops, This page isn't available")).toBeVisible();
  });

  test("signing out ends the session", async ({ page }) => {
    await signIn(page, USERS.ro);
    await expect(page).toHaveURL(/\/home$/);
    await signOutViaMenu(page);
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fhome/);
  });
});
