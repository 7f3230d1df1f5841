// The user menu in the top bar (components/account/account-menu.tsx).
import { expect, type Page } from "@playwright/test";

export async function openAccountMenu(page: Page) {
  const menu = page.getByTestId("account-menu");
  // The button is server-rendered: a click before React hydrates it does
  // nothing, so the click is repeated until the menu opens.
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByTestId("top-bar").getByTestId("account-menu-button").click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return menu;
}

export async function chooseAccountMenuItem(page: Page, name: string) {
  const menu = await openAccountMenu(page);
  await menu.getByRole("menuitem", { name, exact: true }).click();
}

/** Signing out is the last item of the user menu. */
export async function signOutViaMenu(page: Page) {
  await chooseAccountMenuItem(page, "Sign Out");
  await expect(page).toHaveURL(/\/login/);
}
