// The README's pictures of the main screens (docs/images/*.png), taken as the
// read-write demo user of Default Media sees them on a fresh demo database.
// Run by `npm run docs:screenshots` (scripts/docs-screenshots.config.ts), never
// by the browser tests. Each picture is one 1440x900 viewport, no full page: a
// README shows a screen, and a page's full length would only grow the file.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn, USERS } from "../tests/e2e/helpers";

const IMAGES = path.join(__dirname, "..", "docs", "images");
// Active in the demo data, with its targeted countries filled in.
const STRATEGY = "Android - US - Tier 1";

/** Waits for what the screen must show, lets charts finish drawing, then saves docs/images/<name>.png. */
async function shoot(page: Page, name: string, ready: Locator) {
  await expect(ready.first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Charts draw their lines with a short animation of their own (not a CSS one).
  await page.waitForTimeout(1_500);
  // No blinking caret or focus ring caught half-way in a picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(IMAGES, `${name}.png`), animations: "disabled", caret: "hide" });
}

/** The id in the first link of `links` (`/section/details/<id>`). */
async function idOf(links: Locator, section: string): Promise<number> {
  await expect(links.first()).toBeVisible();
  const href = await links.first().getAttribute("href");
  const id = Number(new RegExp(`^/${section}/details/(\\d+)$`).exec(href ?? "")?.[1]);
  expect(id, `a link to a ${section}`).toBeGreaterThan(0);
  return id;
}

test("the main screens, as docs/images/*.png", async ({ page }) => {
  fs.mkdirSync(IMAGES, { recursive: true });

  await page.goto("/login");
  await shoot(page, "sign-in", page.getByRole("button", { name: "Login", exact: true }));

  await signIn(page, USERS.rw);
  await page.goto("/home");
  await shoot(page, "home", page.getByTestId("daily-chart").locator("svg.recharts-surface"));

  await page.goto("/advertiser");
  await shoot(page, "advertisers", page.locator('a[href^="/advertiser/details/"]'));

  // The campaign that spent most this week (the first of home's top campaigns): one with delivery to show.
  await page.goto("/home");
  const campaignId = await idOf(page.getByTestId("top-campaigns-row").locator('a[href^="/campaign/details/"]'), "campaign");
  await page.goto(`/campaign/details/${campaignId}`);
  await shoot(page, "campaign-details", page.getByTestId("campaign-details"));

  await page.goto("/strategy");
  await shoot(page, "strategies", page.locator('a[href^="/strategy/details/"]'));
  const strategyId = await idOf(page.getByRole("link", { name: STRATEGY, exact: true }), "strategy");

  // A seeded active strategy opened for edit, on its targeting step: every step before it filled in.
  await page.goto(`/strategy/create/${strategyId}`);
  await expect(page.getByRole("heading", { name: "Edit Strategy" })).toBeVisible();
  const stepTitle = page.getByTestId("wizard-step-title");
  for (const title of ["Select Inventory", "Select Targeting Options"]) {
    // The button answers once React runs the page: pressed again until the step changes.
    await expect(async () => {
      if ((await stepTitle.textContent())?.trim() !== title) await page.getByTestId("wizard-next").click();
      await expect(stepTitle).toHaveText(title, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, "strategy-wizard", stepTitle);

  await page.goto("/creative");
  await shoot(page, "creatives", page.locator('a[href^="/creative/details/"]'));

  await page.goto("/audience");
  await shoot(page, "audiences", page.locator('a[href^="/audience/details/"]'));

  // The advanced report runs from its URL: by campaign and day, three metrics.
  await page.goto("/report/advanced?dims=campaign,date&metrics=impressions,clicks,revenue");
  // Scrolled to the results: the builder alone fills the first screen.
  await expect(page.getByTestId("report-table").getByTestId("report-cell-campaign").first()).toBeVisible();
  await page.getByTestId("report-chart").evaluate((chart) => window.scrollTo(0, chart.getBoundingClientRect().top + window.scrollY - 110));
  await shoot(page, "advanced-report", page.getByTestId("report-chart"));
});
