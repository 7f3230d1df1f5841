import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo@12345";

export const USERS = {
  rw: "rw@default.test",
  ro: "ro@default.test",
  demo: "demo@default.test",
  otp: "otp@default.test",
  acme: "rw@acme.test",
} as const;

/** Signs in through the login form; lands on returnUrl or /home. */
export async function signIn(page: Page, email: string, opts: { returnUrl?: string; origin?: string } = {}) {
  const query = opts.returnUrl ? `?returnUrl=${encodeURIComponent(opts.returnUrl)}` : "";
  await page.goto(`${opts.origin ?? ""}/login${query}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Clicks `trigger` until `opened` shows. Buttons are server-rendered: a click
 * that lands before React hydrates the page does nothing (seen on a loaded CI
 * machine), so the click is repeated rather than the test failing.
 */
export async function openWith(trigger: Locator, opened: Locator) {
  await expect(async () => {
    if (!(await opened.isVisible())) await trigger.click();
    await expect(opened).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return opened;
}

/** In an open entity picker: searches `name`, checks it and closes the picker with Done. */
export async function chooseInPicker(picker: Locator, name: string) {
  await picker.getByTestId("picker-search").fill(name);
  await picker.getByTestId("picker-search").press("Enter");
  await picker.getByRole("radio", { name }).check();
  await picker.getByRole("button", { name: "Done" }).click();
  await expect(picker).toHaveCount(0);
}

/** Picks the advertiser `name` in the entity picker a form's advertiser field (`field`) opens. */
export async function pickAdvertiser(page: Page, field: Locator, name: string) {
  await chooseInPicker(await openWith(field, page.getByRole("dialog", { name: "Select Advertiser" })), name);
}

/** axe on a part of the page (`selector`): no serious or critical violation, reported softly under `where`. */
export async function expectAccessible(page: Page, where: string, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const found = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
  expect.soft(found, `${where}: axe found serious or critical violations`).toEqual([]);
}
