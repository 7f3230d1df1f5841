import { signOutViaMenu } from "./account-helpers";
// Dashboard lists (advertiser, campaign, strategy): state in the URL, sorting
// by header, search, bulk status change with its alert, CSV export, and what
// read-only and demo users may do; a page loaded again comes from the page
// cache until something it shows changes.
//
// Data changed here: the seeded campaign "UrbanCart - Brand Awareness" (Default
// Media) is RESERVED for this spec; it is deactivated and activated again.
import fs from "node:fs";
import { test, expect, type Locator, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { signIn, USERS } from "./helpers";

const RESERVED_CAMPAIGN = "UrbanCart - Brand Awareness";

const rowNames = (page: Page, entity: string) => page.getByTestId(`${entity}-row`).getByRole("link").allTextContents();

/** Header texts of the data columns (not the select and Action columns). */
async function dataHeaders(page: Page): Promise<string[]> {
  const cells = page.locator("thead th[data-column]:not([data-column='select']):not([data-column='action'])");
  return (await cells.allTextContents()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
}

/** '12.35K' → 12350, '$1.50M' → 1500000, '-' → -Infinity. */
function metricNumber(text: string): number {
  const m = text.replace(/[^0-9.KMBT-]/g, "").match(/^(-?[\d.]+)([KMBT]?)$/);
  if (!m) return -Infinity;
  return Number(m[1]) * { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[m[2] as "" | "K"];
}


/** Puts a campaign row the test deactivated back, through its own Activate button (the single-row path). */
async function reactivate(page: Page, row: Locator) {
  if ((await row.getByTestId("status").getAttribute("data-active")) !== "false") return;
  await row.getByRole("button", { name: "Activate" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByTestId("list-alert")).toHaveText("Successfully activated campaign");
}
test("paging lives in the URL: page and size from the query, Next page updates it", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/strategy?size=5" });
  await expect(page.getByTestId("strategy-row")).toHaveCount(5);
  const first = await rowNames(page, "strategy");
  await expect(page.getByTestId("page-number")).toHaveText(/^Page 1 of \d+$/);

  // A click before React hydrates the pager does nothing: click again until the URL moves (a repeat
  // still asks for page 2, since the rows shown are still page 1's).
  await expect(async () => {
    if (!/[?&]page=2\b/.test(page.url())) await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveURL(/[?&]size=5\b/);
  await expect(page.getByTestId("page-number")).toHaveText(/^Page 2 of /);
  const second = await rowNames(page, "strategy");
  expect(second).toHaveLength(5);
  expect(second.filter((n) => first.includes(n))).toEqual([]);

  // The same URL opened afresh shows the same rows.
  await page.goto("/strategy?size=5&page=2");
  expect(await rowNames(page, "strategy")).toEqual(second);
  // A nonsense page value falls back safely.
  await page.goto("/strategy?size=5&page=abc");
  expect(await rowNames(page, "strategy")).toEqual(first);
});

test("clicking a header sorts on the server: name, then a metric", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/campaign" });
  await expect(page.getByTestId("campaign-row").first()).toBeVisible();
  const nameHeader = page.getByRole("columnheader", { name: /^Name/ });

  await nameHeader.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=name\b/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  const ascending = await rowNames(page, "campaign");

  await nameHeader.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=-name\b/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  expect(await rowNames(page, "campaign")).toEqual([...ascending].reverse());

  const impressions = page.getByRole("columnheader", { name: /^Impressions/ });
  await impressions.getByRole("button").click(); // metrics sort high to low first
  await expect(page).toHaveURL(/[?&]sort=-impressions\b/);
  await expect(impressions).toHaveAttribute("aria-sort", "descending");
  const index = (await dataHeaders(page)).indexOf("Impressions");
  const values = await page
    .getByTestId("campaign-row")
    .locator(`td:nth-child(${index + 2})`) // +1 for 1-based, +1 for the select column
    .allTextContents();
  const numbers = values.map(metricNumber);
  expect(numbers.length).toBeGreaterThan(1);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
});

test("search and status filter narrow the list; no match shows the empty text", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/campaign" });
  await page.getByRole("searchbox", { name: "Search campaigns" }).fill("puzzle");
  await page.getByRole("searchbox", { name: "Search campaigns" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=puzzle\b/);
  await expect(page.getByTestId("campaign-row")).not.toHaveCount(0);
  for (const name of await rowNames(page, "campaign")) expect(name.toLowerCase()).toContain("puzzle");

  await page.goto("/advertiser?status=inactive");
  await expect(page.getByTestId("advertiser-row")).not.toHaveCount(0);
  for (const status of await page.getByTestId("advertiser-row").getByTestId("status").all()) {
    await expect(status).toHaveAttribute("data-active", "false");
  }

  // The advertiser search typed in the box goes into the URL (?q=) and, matching nothing, empties the table.
  const advertiserSearch = page.getByRole("searchbox", { name: "Search advertisers" });
  await advertiserSearch.fill("no-such-advertiser-anywhere");
  await advertiserSearch.press("Enter");
  await expect(page).toHaveURL(/[?&]q=no-such-advertiser-anywhere\b/);
  await expect(page.getByTestId("empty-state")).toHaveText("No Advertiser found.");
  await expect(page.getByTestId("advertiser-row")).toHaveCount(0);
  await page.goto("/advertiser?q=no-such-advertiser-anywhere");
  await expect(page.getByTestId("empty-state")).toHaveText("No Advertiser found.");

  await page.goto("/campaign?q=no-such-campaign-anywhere");
  await expect(page.getByTestId("empty-state")).toHaveText("No Campaign found.");
  await page.goto("/strategy?q=no-such-strategy-anywhere");
  await expect(page.getByTestId("empty-state")).toHaveText("No Strategy found.");
});

test("bulk deactivate shows a success alert that clears after 2.5 s; the campaign is activated again", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: `/campaign?q=${encodeURIComponent(RESERVED_CAMPAIGN)}` });
  const row = page.getByTestId("campaign-row").filter({ hasText: RESERVED_CAMPAIGN });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("status")).toHaveAttribute("data-active", "true");
  try {
    // The box stays disabled until React owns the table, so the check is not lost.
    await row.getByRole("checkbox").check();
    await expect(page.getByTestId("selected-count")).toHaveText("1 selected");
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Deactivate" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toContainText("Are you sure you want to deactivate this campaign?");
    await dialog.getByRole("button", { name: "Yes" }).click();

    const alert = page.getByTestId("list-alert");
    await expect(alert).toHaveText("Successfully de-activated campaign");
    const shownAt = Date.now();
    await expect(alert).toHaveAttribute("data-kind", "success");
    await expect(row.getByTestId("status")).toHaveAttribute("data-active", "false");
    await expect(page.getByTestId("selected-count")).toHaveText("0 selected");
    await expect(alert).toBeHidden({ timeout: 5000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1500);
    expect(shownFor).toBeLessThan(4500);
  } finally {
    // Restore through the row's Action button (also exercises the single-row path).
    await page.goto(`/campaign?q=${encodeURIComponent(RESERVED_CAMPAIGN)}`);
    await reactivate(page, row);
    await expect(row.getByTestId("status")).toHaveAttribute("data-active", "true");
  }
});

test("a list page loaded again comes from the page cache, with its own nonce; a change shows at the next load", async ({ page }) => {
  const url = `/campaign?q=${encodeURIComponent(RESERVED_CAMPAIGN)}`;
  await signIn(page, USERS.rw, { returnUrl: url });
  const row = page.getByTestId("campaign-row").filter({ hasText: RESERVED_CAMPAIGN });
  await expect(row.getByTestId("status")).toHaveAttribute("data-active", "true");
  const load = async () => {
    const response = await page.goto(url);
    await expect(row).toHaveCount(1);
    return response!;
  };
  // Kept for the rest of the minute: a load in the next minute renders again, so the next load is a hit.
  await expect(async () => expect((await load()).headers()["x-dsp-page-cache"]).toBe("hit")).toPass({ timeout: 20_000 });
  const cached = await load();
  const nonce = /'nonce-([^']+)'/.exec(cached.headers()["content-security-policy"])?.[1];
  const scriptNonces = await page.locator("script[nonce]").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));

  try {
    await row.getByRole("button", { name: "Deactivate" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Yes" }).click();
    await expect(page.getByTestId("list-alert")).toHaveText("Successfully de-activated campaign");
    const changed = await load();
    expect(changed.headers()["x-dsp-page-cache"]).toBe("miss");
    await expect(row.getByTestId("status")).toHaveAttribute("data-active", "false");
  } finally {
    await load();
    await reactivate(page, row);
  }
  await load();
  await expect(row.getByTestId("status")).toHaveAttribute("data-active", "true");
});

test("CSV export downloads the rows with the visible columns as header", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/strategy?sort=-name" });
  await expect(page.getByTestId("strategy-row").first()).toBeVisible();
  const headers = await dataHeaders(page);
  const shown = await rowNames(page, "strategy");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^strategies-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows: string[][] = parse(fs.readFileSync((await download.path())!, "utf8"), { bom: true });
  expect(rows[0]).toEqual(headers);
  expect(rows.slice(1).map((r) => r[headers.indexOf("Name")]).slice(0, shown.length)).toEqual(shown);
});

test("RO: no checkboxes, no Action column, no set-up or cost columns; DEMO: controls disabled", async ({ page }) => {
  await signIn(page, USERS.ro, { returnUrl: "/strategy" });
  await expect(page.getByTestId("strategy-row").first()).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Action" })).toHaveCount(0);
  await expect(page.getByTestId("bulk-bar")).toHaveCount(0);
  const headers = await dataHeaders(page);
  for (const hidden of ["Pricing Type", "Goal", "Max Bid Cap", "Media Spend", "Margin", "eCPM"]) expect(headers).not.toContain(hidden);
  expect(headers.slice(0, 4)).toEqual(["Status", "Name", "Start Date", "End Date"]);

  await signOutViaMenu(page);
  await signIn(page, USERS.demo);
  await page.goto("/campaign");
  await expect(page.getByTestId("campaign-row").first()).toBeVisible();
  const boxes = page.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThan(1);
  for (const box of await boxes.all()) await expect(box).toBeDisabled();
  await expect(page.getByTestId("bulk-bar").getByRole("button", { name: "Deactivate" })).toBeDisabled();
  await expect(page.getByTestId("campaign-row").first().getByRole("button", { name: /activate/i })).toBeDisabled();
  await expect(page.getByTestId("create-campaign")).toBeDisabled();
});
