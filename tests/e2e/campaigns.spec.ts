// The campaign area as users meet it (business.md 2, 4, 5; shell.md 9): create
// a CPA campaign, meet the pixel rule, add the pixel from the picker's dialog,
// save, edit the budget and find the change in the activity panel; a
// double-clicked Save creates one campaign; the details page with its
// delivery, strategies and breadcrumb; what RO users see.
//
// Reserved for this spec: the campaigns and pixels it adds under Acme
// Agency's advertiser "Streamly" (named uniquely per run; Default Media's
// campaign list is sorted and counted by the list specs, so nothing is added
// there). Default Media's "Puzzle Peak - Android UA" is only read.
import { expect, test, type Page } from "@playwright/test";
import { chooseInPicker, openWith, signIn, USERS } from "./helpers";

const ADVERTISER = "Streamly";
const SEEDED_CAMPAIGN = "Puzzle Peak - Android UA";

const field = (page: Page, name: string) => page.locator(`#campaign-${name}`);
const detail = (page: Page, label: string) => page.getByTestId("campaign-details").locator(`dd[data-field="${label}"]`);

function chooseIn(page: Page, entity: string, name: string) {
  return chooseInPicker(page.getByRole("dialog", { name: `Select ${entity}` }), name);
}

async function openSeededCampaign(page: Page): Promise<number> {
  await page.goto(`/campaign?q=${encodeURIComponent(SEEDED_CAMPAIGN)}`);
  const href = await page.getByRole("link", { name: SEEDED_CAMPAIGN, exact: true }).getAttribute("href");
  const id = Number(/\/campaign\/details\/(\d+)$/.exec(href ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  await page.goto(`/campaign/details/${id}`);
  return id;
}

/** The new campaign form of Streamly, filled as a CPA campaign named `name` (no pixel yet). */
async function fillNewCpaCampaign(page: Page, name: string) {
  await signIn(page, USERS.acme, { returnUrl: "/campaign/create" });
  await expect(page.getByRole("heading", { name: "New Campaign" })).toBeVisible();
  await openWith(field(page, "advertiserId"), page.getByRole("dialog", { name: "Select Advertiser" }));
  await chooseIn(page, "Advertiser", ADVERTISER);
  await expect(page.getByTestId("campaign-advertiserId-name")).toHaveText(ADVERTISER);
  await field(page, "name").fill(name);
  await field(page, "objective").selectOption("WEBSITE");
  await field(page, "pricingType").selectOption("CPA");
  await field(page, "pricingValue").fill("2.5");
}

/** Adds a new pixel from the pixel picker's dialog and chooses it for the campaign. */
async function addPixelFromPicker(page: Page, pixelName: string) {
  const pixelPicker = await openWith(field(page, "pixelId"), page.getByRole("dialog", { name: "Select Pixel" }));
  await pixelPicker.getByTestId("picker-add-pixel").click();
  const pixelDialog = page.getByTestId("pixel-form-dialog");
  await pixelDialog.getByLabel("Name").fill(pixelName);
  await pixelDialog.getByLabel("Type").selectOption({ label: "Click Conversions" });
  await pixelDialog.getByTestId("pixel-save").click();
  await expect(pixelDialog).toHaveCount(0);
  await expect(pixelPicker.getByRole("radio", { name: pixelName })).toBeChecked();
  await pixelPicker.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("campaign-pixelId-name")).toHaveText(pixelName);
}

test("create a CPA campaign: the pixel rule, a pixel added from the dialog, save, edit the budget, see it in the activity", async ({ page }) => {
  const run = Date.now();
  const name = `E2E CPA campaign ${run}`;
  const pixelName = `E2E campaign pixel ${run}`;
  await fillNewCpaCampaign(page, name);
  await page.getByTestId("campaign-save").click();

  // Refused beside the field, the first error takes the focus, nothing saved.
  await expect(page.locator("#campaign-pixelId-error")).toHaveText("Pixel is mandatory for CPA pricing");
  await expect(field(page, "pixelId")).toBeFocused();
  await expect(page).toHaveURL(/\/campaign\/create$/);

  await addPixelFromPicker(page, pixelName);
  await expect(page.locator("#campaign-pixelId-error")).toHaveCount(0);

  await page.getByTestId("campaign-save").click();
  await expect(page).toHaveURL(/\/campaign\/details\/\d+$/);
  const id = Number(/\/campaign\/details\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByTestId("campaign-name")).toHaveText(name);
  await expect(detail(page, "Pricing type")).toHaveText("CPA");
  await expect(detail(page, "Pixel")).toHaveText(pixelName);
  await expect(detail(page, "Start")).not.toBeEmpty();
  await expect(detail(page, "End")).toHaveText("Never Ending");
  await expect(detail(page, "Lifetime media budget")).toHaveText("Unlimited");
  await expect(page.getByTestId("campaign-strategies")).toContainText("No Strategy found.");

  await page.getByTestId("campaign-edit").click();
  await expect(page.getByRole("heading", { name: "Edit Campaign" })).toBeVisible();
  await expect(field(page, "name")).toHaveValue(name);
  await field(page, "lifetimeBudget").fill("1234.56");
  await page.getByTestId("campaign-save").click();
  await expect(page).toHaveURL(new RegExp(`/campaign/details/${id}$`));
  // Exact decimal text, grouped, in the advertiser's currency.
  await expect(detail(page, "Lifetime media budget")).toHaveText(/1,234\.56$/);

  await page.goto(`/campaign/details/${id}?panel=activity`);
  const panel = page.getByTestId("activity-panel");
  const entry = panel
    .getByTestId("activity-entry")
    .filter({ has: page.getByTestId("activity-entity").getByText(name, { exact: true }) })
    .filter({ hasText: "Campaign updated" })
    .first();
  await expect(entry.getByTestId("activity-entity")).toHaveAttribute("href", `/campaign/details/${id}`);
  await entry.getByRole("button", { name: "Show changes" }).click();
  const change = entry.getByTestId("activity-changes").getByRole("row", { name: /lifetimeBudget/ });
  await expect(change.getByRole("cell").nth(2)).toHaveText("1234.56");
});

test("a double-clicked Save creates one campaign, and the details page opens on it", async ({ page }) => {
  const run = Date.now();
  const name = `E2E double-clicked campaign ${run}`;
  await fillNewCpaCampaign(page, name);
  await addPixelFromPicker(page, `E2E double-click pixel ${run}`);
  await page.getByTestId("campaign-save").dblclick();
  await expect(page).toHaveURL(/\/campaign\/details\/\d+$/);
  await expect(page.getByTestId("campaign-name")).toHaveText(name);
  await page.goto(`/campaign?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(1);
});

test("a campaign's details: delivery tiles and chart, its strategies with metrics, the breadcrumb's campaign dropdown", async ({ page }) => {
  await signIn(page, USERS.rw);
  await openSeededCampaign(page);
  await expect(page.getByTestId("campaign-name")).toHaveText(SEEDED_CAMPAIGN);
  for (const section of ["Basic Details", "Schedule", "Pricing & Budget", "Advanced Settings"]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
  await expect(page.getByTestId("date-range-button")).toBeVisible();
  const chart = page.getByTestId("daily-chart");
  await expect(chart).toHaveAttribute("data-points", /^[1-9]\d*$/);
  await page.getByTestId("chart-metric-clicks").click();
  await expect(chart).toHaveAttribute("data-metric", "clicks");

  // The seeded strategies of this campaign, with metric columns, and only them.
  const strategies = page.getByTestId("campaign-strategies");
  await expect(strategies.getByRole("link", { name: "Android - US - Tier 1" })).toBeVisible();
  await expect(strategies.getByRole("link", { name: "iOS - Lapsed 7 days" })).toHaveCount(0); // the sibling campaign's
  await expect(strategies.getByRole("columnheader", { name: /Impressions/ })).toBeVisible();

  await page.getByTestId("crumb-campaign-toggle").click();
  await expect(page.getByTestId("crumb-dropdown").getByRole("link", { name: SEEDED_CAMPAIGN })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("crumb-advertiser").getByTestId("crumb-name")).toHaveText("Puzzle Peak Games");
});

test("an RO user sees the campaign with no enabled control, and the edit form disabled", async ({ page }) => {
  await signIn(page, USERS.ro);
  const id = await openSeededCampaign(page);
  await expect(page.getByTestId("campaign-name")).toHaveText(SEEDED_CAMPAIGN);
  await expect(page.getByTestId("campaign-edit")).toBeDisabled();
  const status = page.getByTestId(/^campaign-(activate|deactivate)$/);
  await expect(status).toBeDisabled();

  await page.goto(`/campaign/create/${id}`);
  await expect(page.getByTestId("campaign-read-only")).toHaveText("You do not have permission to change campaigns.");
  await expect(field(page, "name")).toHaveValue(SEEDED_CAMPAIGN);
  await expect(page.getByTestId("campaign-save")).toHaveCount(0);
  const controls = page.getByTestId("campaign-form").locator("fieldset input, fieldset select, fieldset button");
  expect(await controls.count()).toBeGreaterThan(20);
  for (const control of await controls.all()) await expect(control).toBeDisabled();
});
