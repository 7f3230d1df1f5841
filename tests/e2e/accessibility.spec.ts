// Accessibility: axe (@axe-core/playwright, every rule it has) on
// every page route, found in app/ when the tests run (tests/e2e/routes.ts),
// and on every dialog, sheet and menu of the console while it is open:
// no serious or critical violation. The demo data is only viewed, dialogs
// opened and cancelled, except one catalog feed this spec uploads (with a
// name of its own) to open a feed's drawer.
import path from "node:path";
import { test, expect, type Locator, type Page } from "@playwright/test";
import { chooseAccountMenuItem, openAccountMenu } from "./account-helpers";
import { expectAccessible, settled } from "./page-checks";
import { signIn, USERS } from "./helpers";
import { PAGE_ROUTES, routeName, seededIds, SIGNED_OUT } from "./routes";

/** Opens a dialog with `open` and checks the page with it open. */
async function checkOpen(page: Page, where: string, dialog: Locator, open: () => Promise<unknown>) {
  await open();
  await expect(dialog).toBeVisible();
  await settled(page);
  await expectAccessible(page, where);
}

async function closeWith(page: Page, dialog: Locator, button?: string) {
  if (button) await dialog.getByRole("button", { name: button, exact: true }).click();
  else await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

test("signed-out pages, the 404 page and the forgot-password dialog", async ({ page }) => {
  const signedOut = PAGE_ROUTES.filter((r) => SIGNED_OUT.has(routeName(r))).map((r) => routeName(r));
  expect(signedOut).toHaveLength(SIGNED_OUT.size);
  for (const url of [...signedOut, "/no/such/page"]) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, url);
  }
  await page.goto("/login");
  const forgot = page.getByTestId("forgot-password-dialog");
  await checkOpen(page, "forgot password", forgot, () => page.getByRole("button", { name: "Forgot your password?" }).click());
});

// Signed-in pages: pages.spec.ts (each page loaded once for axe and the security checks).

test("the user menu and its dialogs: recent sign-ins, switch licensee, change password, two-factor and end-all-sessions questions", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.rw);
  await openAccountMenu(page);
  await settled(page);
  await expectAccessible(page, "user menu");
  await page.keyboard.press("Escape");

  const signIns = page.getByRole("dialog", { name: "Recent Sign-ins" });
  await checkOpen(page, "recent sign-ins", signIns, () => chooseAccountMenuItem(page, "Recent Sign-ins"));
  await closeWith(page, signIns);

  const switcher = page.getByTestId("licensee-switcher");
  await checkOpen(page, "switch licensee", switcher, () => chooseAccountMenuItem(page, "Switch Licensee"));
  await closeWith(page, switcher);

  const confirm = page.getByTestId("confirm-dialog");
  await checkOpen(page, "end all sessions", confirm, () => chooseAccountMenuItem(page, "End All Sessions"));
  await closeWith(page, confirm, "Cancel");

  const menu = await openAccountMenu(page);
  await checkOpen(page, "two-factor question", confirm, () => menu.getByTestId("two-factor-toggle").click());
  await closeWith(page, confirm, "Cancel");

  await page.goto("/change-password");
  await checkOpen(page, "change password", page.getByRole("dialog"), async () => undefined);
});

test("the side sheets: account preferences (and its preset form), activity logs, notifications", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.rw);
  const preferences = page.getByTestId("preferences-dialog");
  await checkOpen(page, "account preferences", preferences, () => page.goto("/home?panel=preferences"));
  const system = preferences.locator('[data-testid="preset-card"][data-preset-name="Default"]');
  await system.getByRole("button", { name: "Default" }).click();
  await checkOpen(page, "preset form", preferences.getByTestId("preset-form"), () => system.getByRole("button", { name: "Clone" }).click());

  await checkOpen(page, "activity logs", page.getByTestId("activity-panel"), () => page.goto("/home?panel=activity"));
  await checkOpen(page, "notifications", page.getByTestId("notifications-panel"), () => page.goto("/home?panel=notifications"));
});

test("the advertiser's dialogs: pixel form, click destination, new feed, feed drawer, image library and upload, status question", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.rw);
  const { id } = await seededIds(page);

  await page.goto(`/advertiser/details/${id}/pixel`);
  const pixelForm = page.getByTestId("pixel-form-dialog");
  await checkOpen(page, "pixel form", pixelForm, () => page.getByTestId("new-pixel").click());
  await closeWith(page, pixelForm);

  await page.goto(`/advertiser/details/${id}/clickdestinations`);
  const destination = page.getByRole("dialog");
  await checkOpen(page, "click destination form", destination, () => page.getByTestId("new-click-destination").click());
  await closeWith(page, destination, "Cancel");

  await page.goto(`/advertiser/details/${id}/catalog`);
  const newFeed = page.getByTestId("new-feed-dialog");
  await checkOpen(page, "new feed", newFeed, () => page.getByTestId("new-feed").click());
  // Saving a feed opens its drawer.
  const drawer = page.getByTestId("feed-drawer");
  await newFeed.getByLabel("Name").fill(`Accessibility feed ${Date.now()}`);
  await newFeed.locator("#feed-file").setInputFiles(path.join(__dirname, "../fixtures/catalog/products.csv"));
  await checkOpen(page, "feed drawer", drawer, () => newFeed.getByTestId("create-feed").click());
  await closeWith(page, drawer, "Close");

  await page.goto(`/advertiser/create/${id}`);
  const library = page.getByTestId("image-library-dialog-LOGO");
  await checkOpen(page, "image library", library, () => page.getByTestId("adv-logo-choose").click());
  const upload = page.getByTestId("image-upload-modal");
  await checkOpen(page, "image upload", upload, () => library.getByRole("button", { name: "Upload" }).click());
  await closeWith(page, upload);

  await page.goto(`/advertiser/details/${id}`);
  const confirm = page.getByTestId("confirm-dialog");
  await checkOpen(page, "advertiser status question", confirm, () => page.getByTestId(/^advertiser-(de)?activate$/).click());
  await closeWith(page, confirm, "Cancel");
});

test("the entity picker, a list's bulk question and the date range picker", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.rw);
  const { id } = await seededIds(page);

  await page.goto(`/advertiser/details/${id}`);
  await page.getByTestId("crumb-advertiser-toggle").click();
  const picker = page.getByRole("dialog", { name: "Select Advertiser" });
  await checkOpen(page, "entity picker", picker, () => page.getByTestId("crumb-dropdown").getByRole("button", { name: "More..." }).click());
  await closeWith(page, picker, "Cancel");

  await page.goto("/campaign");
  await page.getByRole("row").nth(1).getByRole("checkbox").check();
  const confirm = page.getByTestId("confirm-dialog");
  await checkOpen(page, "bulk question", confirm, () => page.getByTestId("bulk-bar").getByRole("button", { name: "Deactivate" }).click());
  await closeWith(page, confirm, "Cancel");

  await page.goto("/home");
  await page.getByTestId("date-range-button").click();
  await expect(page.getByTestId("date-range-apply")).toBeVisible();
  await expectAccessible(page, "date range picker");
});
