// Side panels of the shell (shell.md 2.10-2.12): activity logs, notifications
// and account preferences, opened through ?panel= on any console page.
//
// Reserved for this spec (nothing else may rely on them):
// - the contact address of Default Media's advertiser "Puzzle Peak Games"
//   (changed to a unique text per run, to see the change in the activity log);
// - the notifications of rw@acme.test in Acme Agency (marked as read, then
//   all marked as seen);
// - demo@default.test's applied preset (set to "Performance", put back to
//   "Default" in a finally).
import { test, expect, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";

const ACTIVITY_ADVERTISER = "Puzzle Peak Games";

async function openPanel(page: Page, path: string, panel: "activity" | "notifications" | "preferences") {
  await page.goto(`${path}?panel=${panel}`);
}

test("the activity panel shows a change just made, with its details and module filter", async ({ page }) => {
  await signIn(page, USERS.rw);
  const found = await page.request.get(`/api/v1/advertisers?search=${encodeURIComponent(ACTIVITY_ADVERTISER)}`);
  expect(found.status()).toBe(200);
  const row = (await found.json()).respObject.data.find((a: { name: string }) => a.name === ACTIVITY_ADVERTISER);
  const current = (await (await page.request.get(`/api/v1/advertisers/${row.id}`)).json()).respObject;
  const address = `Panels e2e ${Date.now()}\nSecond line`;
  const patched = await page.request.patch(`/api/v1/advertisers/${row.id}`, { data: { version: current.version, contactAddress: address } });
  expect(patched.status()).toBe(200);

  await openPanel(page, "/home", "activity");
  const panel = page.getByTestId("activity-panel");
  await expect(panel.getByRole("heading", { name: "Activity Logs" })).toBeVisible();
  await expect(panel.getByTestId("activity-count")).toHaveText(/^Showing \d+\/\d+$/);
  const entry = panel
    .getByTestId("activity-entry")
    .filter({ has: page.getByTestId("activity-entity").getByText(ACTIVITY_ADVERTISER, { exact: true }) })
    .filter({ hasText: "Advertiser updated" })
    .first();
  await expect(entry.getByTestId("activity-user")).toHaveText("You");
  await expect(entry.getByTestId("activity-entity")).toHaveAttribute("href", `/advertiser/details/${row.id}`);
  await expect(entry.getByTestId("activity-time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(panel.getByRole("region", { name: "Today" })).toBeVisible();

  await entry.getByRole("button", { name: "Show changes" }).click();
  const changes = entry.getByTestId("activity-changes");
  await expect(changes.getByRole("columnheader")).toHaveText(["Field", "Old value", "New value"]);
  const cell = changes.getByRole("row", { name: /contactAddress/ }).getByRole("cell").nth(2);
  expect(await cell.innerText()).toBe(address); // the line break is kept

  await entry.getByRole("button", { name: /^Expand change details/ }).click();
  const dialog = page.getByTestId("activity-change-dialog");
  await expect(dialog.getByRole("cell", { name: "contactAddress" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);

  // Filter to campaigns: the list reloads when the selector closes and the advertiser entry is gone.
  await panel.getByTestId("activity-module-filter").click();
  await panel.getByRole("checkbox", { name: "Campaign", exact: true }).check();
  await panel.getByTestId("activity-module-filter").click();
  await expect(panel.getByTestId("activity-entry").first()).toBeVisible();
  await expect(panel.getByTestId("activity-entity").getByText(ACTIVITY_ADVERTISER, { exact: true })).toHaveCount(0);
  await expect(panel.getByText("Campaign:", { exact: false }).first()).toBeVisible();
  await expect(panel.getByText("End of activity logs")).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);
});

test("read-only and demo users get no activity or notifications panel, and no bell", async ({ page }) => {
  for (const email of [USERS.ro, USERS.demo]) {
    await signIn(page, email);
    await openPanel(page, "/home", "activity");
    await expect(page.getByTestId("top-bar")).toBeVisible();
    await expect(page.getByTestId("activity-panel")).toHaveCount(0);
    await openPanel(page, "/home", "notifications");
    await expect(page.getByTestId("notifications-panel")).toHaveCount(0);
    await expect(page.getByTestId("notification-bell")).toHaveCount(0);
    await page.context().clearCookies();
  }
});

test("marking notifications as read lowers the unread count", async ({ page }) => {
  await signIn(page, USERS.acme);
  const bell = page.getByTestId("notification-bell");
  const badge = bell.getByTestId("notification-count");
  // The badge shows the count up to 9 and '9+' above (shell.md 2.11); the bell's label has the exact count.
  const shown = (n: number) => (n > 9 ? "9+" : String(n));
  await expect(bell).toHaveAttribute("aria-label", /^Notifications, \d+ unread$/);
  const before = Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1]);
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(badge).toHaveText(shown(before));

  await bell.click();
  await expect(page).toHaveURL(/panel=notifications/);
  const panel = page.getByTestId("notifications-panel");
  const unread = panel.locator('[data-testid="notification-entry"][data-read="false"]');
  await expect(unread.first()).toBeVisible();
  await unread.first().getByRole("button", { name: /^Mark as read/ }).click();
  await expect(bell).toHaveAttribute("aria-label", `Notifications, ${before - 1} unread`);
  await expect(badge).toHaveText(shown(before - 1));
  await expect(panel.getByTestId("notifications-unread")).toHaveText(shown(before - 1));

  await panel.getByRole("switch", { name: "Show only unread" }).check();
  await expect(panel.locator('[data-testid="notification-entry"][data-read="true"]')).toHaveCount(0);
  await expect(panel.getByText("End of notifications")).toBeVisible(); // the unread list is loaded
  await expect(panel.getByRole("progressbar")).toHaveCount(0);
  const group = panel.locator("section").first();
  const inGroup = await group.getByTestId("notification-entry").count();
  await group.getByRole("button", { name: "Mark all as read" }).click();
  await expect(panel.getByTestId("notifications-notice")).toHaveText("Marked as read successfully.");
  const after = before - 1 - inGroup;
  if (after > 0) {
    await expect(bell).toHaveAttribute("aria-label", `Notifications, ${after} unread`);
    await expect(badge).toHaveText(shown(after));
  } else await expect(badge).toHaveCount(0);
});

test("'Mark all as seen' leaves only the ACTIONABLE notifications unread", async ({ page }) => {
  // Runs after the test above on the same reserved inbox: the older INFO notifications are still unread.
  await signIn(page, USERS.acme);
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("aria-label", /^Notifications, \d+ unread$/);
  await bell.click();
  const panel = page.getByTestId("notifications-panel");
  await panel.getByRole("switch", { name: "Show only unread" }).check();
  await expect(panel.getByText("End of notifications")).toBeVisible(); // every unread one is loaded
  await expect(panel.getByRole("progressbar")).toHaveCount(0);
  const unread = panel.locator('[data-testid="notification-entry"][data-read="false"]');
  const before = await unread.count();

  const markAll = panel.getByRole("button", { name: "Mark all as seen" });
  await markAll.click();
  await expect(markAll).toHaveCount(0); // nothing left to mark as seen
  const left = await unread.count();
  expect(left).toBeLessThan(before);
  // What stays unread are the ACTIONABLE ones, and the bell counts exactly those.
  await expect(bell).toHaveAttribute("aria-label", left > 0 ? `Notifications, ${left} unread` : "Notifications");

  await page.reload();
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("aria-label", left > 0 ? `Notifications, ${left} unread` : "Notifications");
});

test("applying a preset changes the strategy list's columns", async ({ page }) => {
  await signIn(page, USERS.demo);
  const apply = async (name: string) => {
    await openPanel(page, "/strategy", "preferences");
    const dialog = page.getByTestId("preferences-dialog");
    const card = dialog.locator(`[data-testid="preset-card"][data-preset-name="${name}"]`);
    await expect(card.getByRole("button", { name: "Apply" }).or(card.getByTestId("preset-applied"))).toBeVisible();
    if ((await card.getByTestId("preset-applied").count()) === 0) await card.getByRole("button", { name: "Apply" }).click();
    await expect(card.getByTestId("preset-applied")).toHaveText("Applied");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toHaveCount(0);
  };
  const header = (name: string) => page.getByTestId("strategy-table").getByRole("columnheader", { name, exact: true });
  try {
    await apply("Performance");
    await expect(header("ROI")).toHaveCount(1);
    await expect(header("Impressions")).toHaveCount(0);
    await apply("Default");
    await expect(header("Impressions")).toHaveCount(1);
    await expect(header("ROI")).toHaveCount(0);
  } finally {
    await apply("Default"); // demo@default.test's preset is back to the seeded one
  }
});

test("the preference form checks the name against system presets and demo users cannot add presets", async ({ page }) => {
  await signIn(page, USERS.rw);
  await openPanel(page, "/home", "preferences");
  const dialog = page.getByTestId("preferences-dialog");
  await expect(dialog.getByRole("heading", { name: "Account Preferences" })).toBeVisible();
  const system = dialog.locator('[data-testid="preset-card"][data-preset-name="Default"]');
  await expect(system.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(system.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await system.getByRole("button", { name: "Default" }).click();
  await expect(system.getByText("Grid row limit")).toBeVisible();

  await system.getByRole("button", { name: "Clone" }).click();
  const form = dialog.getByTestId("preset-form");
  await expect(form.getByRole("heading", { name: "Clone Preference" })).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
  await form.getByLabel("Name").fill("default");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Preference with name default already exists")).toBeVisible();

  await form.getByLabel("Name").fill("Panels e2e view");
  for (const all of await form.getByRole("checkbox", { name: /^Select all/ }).all()) {
    await all.check();
    await all.uncheck();
  }
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Please select atleast 1 Grid metric")).toBeVisible();

  await form.locator("#preset-timezone").click();
  await form.getByRole("searchbox", { name: "Search timezone" }).fill("nowhere");
  await expect(form.getByText("No entries are found")).toBeVisible();
  await form.getByRole("searchbox", { name: "Search timezone" }).fill("kolk");
  await expect(form.getByRole("listbox", { name: "Timezones" }).getByRole("option")).toHaveText([/Asia\/Kolkata/]);
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.getByTestId("preset-card").first()).toBeVisible();
  await page.context().clearCookies();

  await signIn(page, USERS.demo);
  await openPanel(page, "/home", "preferences");
  await expect(page.getByTestId("preferences-dialog").getByRole("button", { name: "New Preference" })).toBeDisabled();
});
