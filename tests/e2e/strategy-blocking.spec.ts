// The strategy blocking dialog (shell.md 2.13, 4, 6): on a seeded
// strategy that buys on every exchange, block two suggested apps (exchanges)
// and find them under 'Already Blocked' when the dialog opens again; 'Clear
// all' and a chip's × give suggestions back; read-only users see the
// suggestions but cannot save. Both sides of the rule that enables Optimize
// (business.md 9: 30 days old or 10 conversions) on the two week-old seeded
// strategies with 9 and 10 conversions (lib/seed/optimize-boundary.ts).
//
// Reserved for this spec: Default Media's strategy "Display - Lifestyle"
// (UrbanCart's "UrbanCart - Brand Awareness", lib/seed/blueprints.ts
// allExchanges), whose exchanges it blocks. The two boundary strategies are
// only read.
import { expect, test, type Page } from "@playwright/test";
import { openWith, signIn, USERS } from "./helpers";

const STRATEGY = "Display - Lifestyle";

async function openStrategy(page: Page, name = STRATEGY): Promise<void> {
  await page.goto(`/strategy?q=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
  expect(href).toMatch(/\/strategy\/details\/\d+$/);
  await page.goto(href!);
  await expect(page.getByTestId("strategy-name")).toHaveText(name);
}

async function openDialog(page: Page) {
  const dialog = await openWith(page.getByTestId("strategy-optimize"), page.getByTestId("blocking-dialog"));
  await expect(dialog.locator('[data-testid^="blocking-row-"]').first()).toBeVisible();
  return dialog;
}

const rows = (dialog: ReturnType<Page["getByTestId"]>) => dialog.locator('[data-testid^="blocking-row-"]');
const nameOf = async (row: ReturnType<Page["locator"]>) => (await row.locator("td").nth(1).innerText()).trim();

test("block two suggested apps, then see them under 'Already Blocked'", async ({ page }) => {
  await signIn(page, USERS.rw);
  await openStrategy(page);
  let dialog = await openDialog(page);
  await expect(dialog.getByTestId("blocking-entity")).toHaveValue("aggregator");
  await expect(dialog.getByTestId("blocking-existing-all")).toHaveText("All apps are targeted.");
  const table = dialog.getByTestId("blocking-suggestion-table");
  for (const h of ["Name", "Revenue", "Cost", "eCPI", "eCPA", "CTR", "eCPM", "eCPC", "ITI", "CTC", "ROI"]) {
    await expect(table.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
  }
  const suggested = await rows(dialog).count();
  expect(suggested).toBeGreaterThanOrEqual(3);

  // All start selected: the header box clears the page, then two rows are chosen.
  const all = dialog.getByRole("checkbox", { name: "Select all apps of this page" });
  await expect(all).toBeChecked();
  await all.click();
  await expect(all).not.toBeChecked();
  const first = await nameOf(rows(dialog).nth(0));
  const second = await nameOf(rows(dialog).nth(1));
  const third = await nameOf(rows(dialog).nth(2));
  for (const name of [first, second, third]) await dialog.getByRole("checkbox", { name: `Select ${name}`, exact: true }).check();
  await dialog.getByTestId("blocking-add").click();
  const selection = dialog.getByTestId("blocking-new-selection");
  await expect(selection.getByTestId("blocking-new-selection-count")).toHaveText("3");
  await expect(rows(dialog)).toHaveCount(Math.min(10, suggested - 3));

  // A chip's × gives one back; 'Clear all' gives all back; then two again.
  await selection.getByRole("button", { name: `Remove ${third}` }).click();
  await expect(selection.getByTestId("blocking-new-selection-count")).toHaveText("2");
  await dialog.getByTestId("blocking-clear-all").click();
  await expect(selection.getByTestId("blocking-new-selection-count")).toHaveText("0");
  await expect(dialog.getByTestId("blocking-save")).toBeDisabled();
  await all.click(); // the returned rows came back selected: clear the page again
  if (await all.isChecked()) await all.click();
  for (const name of [first, second]) await dialog.getByRole("checkbox", { name: `Select ${name}`, exact: true }).check();
  await dialog.getByTestId("blocking-add").click();
  await expect(selection.getByTestId("blocking-new-selection-count")).toHaveText("2");
  await expect(selection).toContainText(first);
  await expect(selection).toContainText(second);

  await dialog.getByTestId("blocking-save").click();
  await expect(dialog).toBeHidden();

  // The page refreshed: its INVENTORY section names them; the dialog shows them as already blocked and suggests them no more.
  await expect(page.getByTestId("strategy-details")).toContainText(first);
  dialog = await openDialog(page);
  const existing = dialog.getByTestId("blocking-existing");
  await expect(existing.getByRole("heading")).toHaveText("Already Blocked");
  await expect(existing.getByTestId("blocking-existing-count")).toHaveText("2");
  await expect(existing).toContainText(first);
  await expect(existing).toContainText(second);
  await expect(dialog.getByRole("checkbox", { name: `Select ${first}`, exact: true })).toHaveCount(0);
  await expect(rows(dialog)).toHaveCount(Math.min(10, suggested - 2));

  // The Inventory tab loads its own suggestions (sites).
  await dialog.getByTestId("blocking-entity").selectOption("site");
  await expect(rows(dialog).first()).toBeVisible();
  await dialog.getByTestId("blocking-cancel").click();
  await expect(dialog).toBeHidden();
});

test("a read-only user sees the suggestions, and Save is disabled", async ({ page }) => {
  await signIn(page, USERS.ro);
  await openStrategy(page);
  const dialog = await openDialog(page);
  await dialog.getByTestId("blocking-add").click();
  await expect(dialog.getByTestId("blocking-new-selection-count")).not.toHaveText("0");
  await expect(dialog.getByTestId("blocking-save")).toBeDisabled();
  await expect(dialog).toContainText("Read-only and demo users cannot save.");
});

test("a week-old strategy: Optimize disabled with 9 conversions, enabled with 10", async ({ page }) => {
  await signIn(page, USERS.rw);
  await openStrategy(page, "iOS - Win-back new, 9 conversions");
  await expect(page.getByTestId("strategy-optimize")).toBeDisabled();
  await expect(page.getByTestId("strategy-optimize-reason")).toHaveAttribute(
    "title",
    /^Optimize is available once the strategy is 30 days old or has 10 installs\/conversions\. It has run for \d+ days? with 9 installs\/conversions\.$/,
  );

  await openStrategy(page, "iOS - Win-back new, 10 conversions");
  await expect(page.getByTestId("strategy-optimize")).toBeEnabled();
  await expect(page.getByTestId("strategy-optimize-reason")).toHaveCount(0);
  const dialog = await openWith(page.getByTestId("strategy-optimize"), page.getByTestId("blocking-dialog"));
  await dialog.getByTestId("blocking-cancel").click();
  await expect(dialog).toBeHidden();
});
