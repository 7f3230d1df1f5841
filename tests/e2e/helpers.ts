import { expect, type Page } from "@playwright/test";

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
