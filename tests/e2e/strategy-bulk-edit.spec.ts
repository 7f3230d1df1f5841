// Bulk edit from the strategy list (business.md 2 "bulk-edit review", 4):
// select three strategies, append a country, see the review with
// old -> new for each, apply, and see the country on each details page.
//
// Data changed here: three strategies of the list's first page (by name) get
// Iceland among their targeted countries.
import { expect, test } from "@playwright/test";
import { signIn, USERS } from "./helpers";

test("select three strategies, bulk-append a country, review old -> new, apply, each details page shows it", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.rw, { returnUrl: "/strategy?size=10" });
  const rows = page.getByTestId("strategy-row");
  await expect(rows.first()).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const row = rows.nth(i);
    names.push((await row.getByRole("link").first().textContent())!.trim());
    await expect(async () => {
      await row.getByRole("checkbox").check();
      await expect(page.getByTestId("selected-count")).toHaveText(`${i + 1} selected`, { timeout: 1_000 });
    }).toPass();
  }
  await page.getByTestId("bulk-edit").click();
  await expect(page).toHaveURL(/\/strategy\/bulk-edit\?ids=\d+,\d+,\d+/);
  await expect(page.getByTestId("bulk-edit-selection")).toContainText("3 strategies selected");

  // Only the actions the field allows; the value box is enabled once an action is chosen.
  const action = page.getByLabel("Targeted Countries: action");
  await expect(action.locator("option")).toHaveText(["No change", "Append", "Replace", "Remove"]);
  await expect(page.getByLabel("Bid Price / Goal: action").locator("option")).toHaveText(["No change", "Replace"]);
  await expect(async () => {
    await action.selectOption("APPEND");
    await expect(page.locator("#bulk-countriesTarget")).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  const box = page.locator("#bulk-countriesTarget");
  await box.fill("Icel");
  await page.getByRole("option", { name: "Iceland" }).click();
  await expect(page.getByTestId("bulk-countriesTarget-chip")).toHaveText(/Iceland/);

  await page.getByTestId("bulk-edit-review").click();
  const review = page.getByTestId("bulk-edit-review-step");
  await expect(review).toBeVisible();
  const strategies = review.getByTestId("bulk-edit-strategy");
  await expect(strategies).toHaveCount(3);
  for (const name of names) {
    const block = strategies.filter({ hasText: name });
    await expect(block.getByTestId("bulk-edit-change").filter({ hasText: "Targeted Countries" })).toContainText("Added: Iceland");
  }

  await review.getByTestId("bulk-edit-apply").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByTestId("bulk-edit-done")).toContainText("3 strategies changed");

  const ids = new URL(page.url()).searchParams.get("ids")!.split(",");
  for (const id of ids) {
    await page.goto(`/strategy/details/${id}`);
    await expect(page.getByTestId("strategy-review")).toContainText("Iceland");
  }
});
