// Home dashboard: headline tiles, the daily chart, top lists, read-only
// filtering, and the per-user date range.
import { expect, test, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";

/** '$1.23K' → 1230 (the formatter's abbreviations back to a number, for ordering checks). */
function parseAmount(text: string): number {
  const m = /(-?[\d.]+)([KMBT]?)/.exec(text.replace(/[^\d.KMBT-]/g, ""));
  if (!m) return Number.NaN;
  return Number(m[1]) * ({ "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 } as Record<string, number>)[m[2]];
}

const tileValue = (page: Page, id: string) => page.getByTestId(`home-tile-${id}`).getByTestId("tile-value");

test("home shows formatted headline tiles, a recharts daily chart and top lists", async ({ page }) => {
  await signIn(page, USERS.rw);
  await page.goto("/home");
  await expect(page.getByTestId("welcome")).toBeVisible();

  // Counts: whole numbers or K/M/B/T with 2 decimals; money in Default Media's USD; rates as %.
  await expect(tileValue(page, "impressions")).toHaveText(/^\d{1,3}(\.\d{2}[KMBT])?$/);
  await expect(tileValue(page, "impressions")).not.toHaveText("0");
  await expect(tileValue(page, "revenue")).toHaveText(/^\$\d{1,3}\.\d{2}[KMBT]?$/);
  await expect(tileValue(page, "cost")).toHaveText(/^\$\d{1,3}\.\d{2}[KMBT]?$/);
  await expect(tileValue(page, "ctr")).toHaveText(/^\d+\.\d{2}%$/);
  await expect(tileValue(page, "margin")).toHaveText(/^-?\d+\.\d{2}%$/);

  // The default range is the last 7 days: one chart point per day, drawn by recharts.
  const chart = page.getByTestId("daily-chart");
  await expect(chart).toHaveAttribute("data-points", "7");
  const curve = chart.locator("svg.recharts-surface .recharts-area-curve");
  await expect(curve).toHaveCount(1);
  expect((await curve.getAttribute("d"))?.length ?? 0).toBeGreaterThan(20);
  await page.getByTestId("chart-metric-revenue").click();
  await expect(chart).toHaveAttribute("data-metric", "revenue");
  await expect(chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value").first()).toHaveText(/^\$/);

  // Top lists: at most 5 rows each, highest advertiser spend first.
  for (const list of ["top-advertisers", "top-campaigns"]) {
    const rows = page.getByTestId(`${list}-row`);
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(5);
    const spend = (await rows.locator('[data-metric="revenue"]').allTextContents()).map(parseAmount);
    expect(spend).toEqual([...spend].sort((a, b) => b - a));
    await expect(page.getByTestId(list).getByRole("columnheader", { name: "Media Spend" })).toBeVisible();
  }
});

test("a read-only user sees no cost or margin anywhere on home", async ({ page }) => {
  await signIn(page, USERS.ro);
  await page.goto("/home");
  await expect(tileValue(page, "revenue")).toHaveText(/^\$/);
  await expect(page.getByTestId("home-tile-cost")).toHaveCount(0);
  await expect(page.getByTestId("home-tile-margin")).toHaveCount(0);
  await expect(page.getByTestId("chart-metric-cost")).toHaveCount(0);
  await expect(page.getByTestId("top-advertisers").getByRole("columnheader", { name: "Adv Spend" })).toBeVisible();
  await expect(page.locator("main").getByText("Media Spend")).toHaveCount(0);
  await expect(page.locator("main").getByText("Margin")).toHaveCount(0);
});

// demo@default.test's date range is reserved for this spec; it is put back to
// the default (Last 7 days) at the end.
test("changing the date range persists across a reload", async ({ page }) => {
  await signIn(page, USERS.demo);
  await page.goto("/home");
  const button = page.getByTestId("date-range-button");
  const chart = page.getByTestId("daily-chart");
  try {
    await expect(button).toContainText("Last 7 days");
    const before = await tileValue(page, "impressions").textContent();

    await button.click();
    await page.getByRole("button", { name: "Last 30 days" }).click();
    await expect(button).toContainText("Last 30 days");
    await expect(chart).toHaveAttribute("data-points", "30");
    await expect(tileValue(page, "impressions")).not.toHaveText(before ?? "");

    await page.reload();
    await expect(button).toContainText("Last 30 days");
    await expect(chart).toHaveAttribute("data-points", "30");

    await button.click();
    await page.getByTestId("date-range-from").fill("2020-01-01");
    await page.getByTestId("date-range-to").fill("2020-01-03");
    await page.getByTestId("date-range-apply").click();
    await expect(page.getByTestId("date-range-value")).toHaveText("01 Jan 2020 – 03 Jan 2020");
    await expect(chart).toHaveAttribute("data-points", "3");
    await expect(tileValue(page, "impressions")).toHaveText("0"); // no delivery then
    await expect(tileValue(page, "ctr")).toHaveText("-"); // 0 / 0
    await page.reload();
    await expect(page.getByTestId("date-range-value")).toHaveText("01 Jan 2020 – 03 Jan 2020");
  } finally {
    await page.goto("/home");
    await button.click();
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect(button).toContainText("Last 7 days");
  }
});
