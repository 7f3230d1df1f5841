// The user menu in the top bar (components/account/account-menu.tsx).
import { expect, type Page } from "@playwright/test";
import { openWith } from "./helpers";

export async function openAccountMenu(page: Page) {
  return openWith(page.getByTestId("top-bar").getByTestId("account-menu-button"), page.getByTestId("account-menu"));
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
