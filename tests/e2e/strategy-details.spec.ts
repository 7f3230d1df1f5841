// The strategy details page as users meet it (business.md 2, 4): a seeded
// strategy's five review sections, delivery tiles, daily chart and pacing,
// the breadcrumb's strategy dropdown; Deactivate after the 'Warning'
// question and Activate again; what read-only users see.
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
