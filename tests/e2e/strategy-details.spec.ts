// The strategy details page as users meet it (business.md 2, 4): a seeded
// strategy's five review sections, delivery tiles, daily chart and pacing,
// the breadcrumb's strategy dropdown; day parts of every hour read 'All',
// and the wizard's edit review ends with the strategy's Status; Deactivate
// after the 'Warning' question and Activate again; what read-only users see.
//
// Reserved for this spec: Default Media's strategy "Web - Prospecting" (under
// UrbanCart's "UrbanCart - Website Sales"), deactivated and activated again.
import { expect, test, type Page } from "@playwright/test";
import { openWith, signIn, USERS } from "./helpers";

const STRATEGY = "Web - Prospecting";
const CAMPAIGN = "UrbanCart - Website Sales";
const SECTIONS = ["BASICS", "BUDGET & BIDDING", "DELIVERY TARGETING", "INVENTORY", "CREATIVE SETS"];

async function openStrategy(page: Page): Promise<number> {
  await page.goto(`/strategy?q=${encodeURIComponent(STRATEGY)}`);
  const href = await page.getByRole("link", { name: STRATEGY, exact: true }).getAttribute("href");
  const id = Number(/\/strategy\/details\/(\d+)$/.exec(href ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  await page.goto(`/strategy/details/${id}`);
  await expect(page.getByTestId("strategy-name")).toHaveText(STRATEGY);
  return id;
}

const attributionRow = (page: Page) => page.getByTestId("strategy-review-basics").locator('dd[data-key="attributionType"]');
const EDIT_SECTIONS = ["Details", "Budget & Bidding", "Targeting", "Inventory", "Creative Sets", "Status"];
const WIZARD_STEPS_AFTER_BASICS = ["Select Inventory", "Select Targeting Options", "Specify Budget & Bidding", "Associate Creatives", "Associate Creative Sets", "Review Strategy Settings"];

test("a seeded strategy: five sections, tiles, chart, pacing and the breadcrumb's strategy dropdown", async ({ page }) => {
  await signIn(page, USERS.rw);
  const id = await openStrategy(page);
  for (const title of SECTIONS) await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(page.getByTestId("strategy-review-basics").locator('dd[data-key="campaign"]')).toHaveText(CAMPAIGN);
  await expect(attributionRow(page)).not.toBeEmpty();
  await expect(page.getByTestId("strategy-edit")).toHaveAttribute("href", `/strategy/create/${id}`);

  await expect(page.getByTestId("date-range-button")).toBeVisible();
  await expect(page.getByTestId("strategy-tile-impressions")).toBeVisible();
  const chart = page.getByTestId("daily-chart");
  await expect(chart).toHaveAttribute("data-points", /^[1-9]\d*$/);
  await openWith(page.getByTestId("chart-metric-clicks"), page.locator('[data-testid="daily-chart"][data-metric="clicks"]'));
  const pacing = page.getByTestId("strategy-pacing");
  await expect(pacing.getByRole("heading")).toHaveText("Pacing (advertiser spend)");
  await expect(pacing.getByTestId("pacing-lifetime-status")).not.toBeEmpty();

  await expect(page.getByTestId("crumb-campaign").getByTestId("crumb-name")).toHaveText(CAMPAIGN);
  const dropdown = await openWith(page.getByTestId("crumb-strategy-toggle"), page.getByTestId("crumb-dropdown"));
  await expect(dropdown.getByRole("link", { name: STRATEGY })).toHaveAttribute("aria-current", "page");
});

test("day parts of every hour of the week read 'All'; the edit review ends with the strategy's Status", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, USERS.rw);
  const id = await openStrategy(page);
  // The demo strategies run every hour of all seven days (lib/seed/targeting.ts): one 'All', not seven full-day lines.
  const dayParts = page.getByTestId("strategy-review").locator('dd[data-key="dayParts"]');
  await expect(dayParts).toHaveText("All");
  await expect(page.getByTestId("strategy-header").getByTestId("status")).toHaveAttribute("data-active", "true");

  await page.goto(`/strategy/create/${id}`);
  await expect(page.getByRole("heading", { name: "Edit Strategy" })).toBeVisible();
  for (const title of WIZARD_STEPS_AFTER_BASICS) {
    await page.getByTestId("wizard-next").click();
    await expect(page.getByTestId("wizard-step-title")).toHaveText(title);
  }
  const review = page.getByTestId("strategy-review");
  await expect(review).toHaveAttribute("data-titles", "edit");
  // The saved strategy's state, drawn as the details page's header draws it.
  const status = page.getByTestId("strategy-review-status");
  await expect(status.locator('dd[data-key="status"]')).toHaveText("Active");
  await expect(status.getByTestId("status")).toHaveAttribute("data-active", "true");
  await expect(review.getByRole("heading", { level: 2 })).toHaveText(EDIT_SECTIONS);
  await expect(dayParts).toHaveText("All");
});

test("Deactivate after the 'Warning' question, then Activate again", async ({ page }) => {
  await signIn(page, USERS.rw);
  await openStrategy(page);
  const status = page.getByTestId("strategy-header").getByTestId("status");
  await expect(status).toHaveAttribute("data-active", "true");
  try {
    const dialog = await openWith(page.getByTestId("strategy-deactivate"), page.getByTestId("confirm-dialog"));
    await expect(dialog).toContainText("Warning");
    await expect(dialog).toContainText("Are you sure you want to deactivate this strategy?");
    await dialog.getByTestId("confirm-yes").click();
    await expect(page.getByTestId("strategy-status-message")).toHaveText("Successfully de-activated strategy");
    await expect(status).toHaveAttribute("data-active", "false");
    await expect(page.getByTestId("crumb-strategy").getByTestId("status-dot")).toHaveAttribute("data-active", "false");
  } finally {
    // Put it back through the page's own Activate (also what the test checks).
    await openStrategy(page);
    if ((await status.getAttribute("data-active")) === "false") {
      const dialog = await openWith(page.getByTestId("strategy-activate"), page.getByTestId("confirm-dialog"));
      await expect(dialog).toContainText("Are you sure you want to activate this strategy?");
      await dialog.getByTestId("confirm-yes").click();
      await expect(page.getByTestId("strategy-status-message")).toHaveText("Successfully activated strategy");
    }
    await expect(status).toHaveAttribute("data-active", "true");
  }
});

test("an RO user sees no attribution-type row and no enabled control", async ({ page }) => {
  await signIn(page, USERS.ro);
  await openStrategy(page);
  for (const title of SECTIONS) await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(page.getByTestId("strategy-review-basics").locator('dd[data-key="name"]')).toHaveText(STRATEGY);
  await expect(attributionRow(page)).toHaveCount(0);
  await expect(page.getByText("Attribution Type")).toHaveCount(0);
  await expect(page.getByTestId("strategy-edit")).toBeDisabled();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  const controls = page.getByTestId("strategy-header").getByRole("button");
  expect(await controls.count()).toBeGreaterThanOrEqual(2);
  // Optimize and Optimization Rules open dialogs they may read, whose writes are disabled for them
  // (shell.md 6; tests/e2e/strategy-blocking.spec.ts, strategy-rules.spec.ts).
  const readable = new Set(["strategy-optimize", "strategy-rules"]);
  for (const control of await controls.all()) if (!readable.has((await control.getAttribute("data-testid")) ?? "")) await expect(control).toBeDisabled();
});
