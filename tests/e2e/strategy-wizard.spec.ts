// The strategy wizard as users meet it (business.md 2, 9): a
// multi-device strategy created through all seven steps with day parts, a
// country and a city (the country shaded on the offline map, a geofence
// location placed on it by a click), an audience and a creative set, then found on its
// details page and reopened for edit; the rows a CTV/OTT strategy hides; a
// reload in the middle of the wizard keeps what was typed, and leaving asks
// first; read-only users get no enabled control.
//
// Reserved for this spec: the strategies it creates under Acme Agency's
// campaign "Streamly - Launch Awareness" (named uniquely per run; Default
// Media's strategy list is counted by the list specs, so nothing is added
// there). Default Media's seeded strategies are only read.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, openWith, signIn, USERS } from "./helpers";

const CAMPAIGN = "Streamly - Launch Awareness";
const AUDIENCE = "Streamly - App purchasers";
const CREATIVE_SET = "Streamly Launch Banners";
const SEEDED_STRATEGY = "Android - US - Tier 1";

const control = (page: Page, id: string) => page.locator(`#strategy-${id}`);
const stepTitle = (page: Page) => page.getByTestId("wizard-step-title");
const detail = (page: Page, key: string) => page.getByTestId("strategy-review").locator(`dd[data-key="${key}"]`);

async function next(page: Page, title: string) {
  await page.getByTestId("wizard-next").click();
  await expect(stepTitle(page)).toHaveText(title);
}

/** axe on the step in view (the accessibility spec sees only the first): no serious or critical violation. */
function expectWizardAccessible(page: Page, where: string) {
  return expectAccessible(page, where, '[data-testid="strategy-wizard"]');
}

/** Opens /strategy/create and chooses the campaign in the entity picker. */
async function startUnder(page: Page, campaign: string) {
  await page.goto("/strategy/create");
  await expect(page.getByRole("heading", { name: "Create Strategy" })).toBeVisible();
  const picker = await openWith(control(page, "campaignId"), page.getByRole("dialog", { name: "Select Campaign" }));
  await picker.getByTestId("picker-search").fill(campaign);
  await picker.getByTestId("picker-search").press("Enter");
  await picker.getByRole("radio", { name: campaign }).check();
  await picker.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("strategy-campaignId-name")).toHaveText(campaign);
  await expect(page.getByText("Advertiser: Streamly")).toBeVisible();
}

/** Types into a multi-select and picks the option whose value is `value`. */
async function choose(page: Page, id: string, text: string, value: string) {
  const box = control(page, id);
  await box.fill(text);
  await page.locator(`[role="option"][data-value="${value}"]`).click();
  await expect(page.getByTestId(`strategy-${id}-box`).getByTestId(`strategy-${id}-chip`)).not.toHaveCount(0);
}

/**
 * The targeting map (shapes shipped with the app, no tiles): the Europe
 * preset, Germany (targeted in the list) shaded, and a geofence location
 * placed by a click in the middle of the map, which is the preset's centre
 * (12° E, 54° N).
 */
async function expectMapShadesAndPlaces(page: Page) {
  await page.getByLabel("Map view").selectOption({ label: "Europe" });
  const map = page.getByTestId("geo-map-svg");
  await expect(map).toHaveAttribute("data-view", "europe");
  await expect(map.locator('path[data-code="DE"]')).toHaveAttribute("data-shading", "targeted");
  await expect(map).toHaveAccessibleName(/Targeted countries: Germany\./);
  await control(page, "geoFenceDTO").check();
  await map.click();
  await expect(page.getByTestId("geofence-points").getByRole("listitem")).toHaveCount(1);
  const [latitude, longitude] = (await page.getByTestId("geofence-points").getByRole("listitem").locator("span").textContent())!.split(",").map(Number);
  expect(latitude).toBeCloseTo(54, 0);
  expect(longitude).toBeCloseTo(12, 0);
  await expect(map.getByTestId("geo-map-fence")).toHaveCount(1);
}

test("create a multi-device strategy through the seven steps, see it on its details page, reopen it for edit", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E wizard strategy ${Date.now()}`;
  await signIn(page, USERS.acme);
  await startUnder(page, CAMPAIGN);
  await control(page, "name").fill(name);
  await expect(page.getByTestId("strategy-type-MULTI_DEVICE")).toBeChecked();
  await next(page, "Select Inventory");
  await expectWizardAccessible(page, "inventory");
  await next(page, "Select Targeting Options");

  await page.getByTestId("daypart-preset-morning").click();
  await page.getByTestId("daypart-cell-SATURDAY-20").click();
  await expect(page.getByTestId("daypart-summary")).toContainText("Monday 06:00-09:59");
  await choose(page, "targetGeographies", "Germany", "DE");
  await choose(page, "targetGeographies-city-target", "Berlin", "DE-BE:Berlin");
  await expectMapShadesAndPlaces(page);
  await control(page, "targetAppSegments").fill(AUDIENCE);
  await expectWizardAccessible(page, "targeting, with a list open");
  await page.getByRole("option", { name: AUDIENCE }).click();
  await next(page, "Specify Budget & Bidding");

  // The goal is required: the step stops with the message beside it, focused.
  await page.getByTestId("wizard-next").click();
  await expect(page.locator("#strategy-pricingValue-error")).toHaveText("Pricing value is required");
  await expect(control(page, "pricingValue")).toBeFocused();
  await control(page, "pricingValue").fill("4.20");
  await control(page, "budgetValue").fill("1000");
  await expect(page.getByTestId("derived-lifetime")).toHaveText("Buys 238,095 impressions at this price.");
  await expectWizardAccessible(page, "budget");
  await next(page, "Associate Creatives");
  await next(page, "Associate Creative Sets");
  await page.getByRole("checkbox", { name: CREATIVE_SET }).check();
  await expect(page.getByTestId("strategy-creativeSetIds-count")).toHaveText("1 creative set chosen");
  await expectWizardAccessible(page, "creative sets");
  await next(page, "Review Strategy Settings");
  await expect(page.getByTestId("strategy-review-basics")).toContainText(name);
  await expectWizardAccessible(page, "review");
  await page.getByTestId("wizard-save").click();

  await expect(page).toHaveURL(/\/strategy\/details\/\d+$/);
  const id = Number(/\/strategy\/details\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByTestId("strategy-name")).toHaveText(name);
  for (const section of ["BASICS", "BUDGET & BIDDING", "DELIVERY TARGETING", "INVENTORY", "CREATIVE SETS"]) {
    await expect(page.getByRole("heading", { name: section, exact: true })).toBeVisible();
  }
  await expect(detail(page, "dayParts")).toContainText("Monday 06:00-09:59");
  await expect(detail(page, "dayParts")).toContainText("Saturday 06:00-09:59, 20:00-20:59");
  await expect(detail(page, "geo.country.target")).toHaveText("Germany");
  await expect(detail(page, "geo.city.target")).toHaveText("Berlin, Berlin, Germany");
  await expect(detail(page, "targetAppSegments.target")).toHaveText(AUDIENCE);
  await expect(detail(page, "creativeSets")).toHaveText(CREATIVE_SET);
  await expect(detail(page, "budgetValue")).toHaveText("1000");

  // Edit: the saved values, the type fixed, the edit review's titles.
  await page.goto(`/strategy/create/${id}`);
  await expect(page.getByRole("heading", { name: "Edit Strategy" })).toBeVisible();
  await expect(control(page, "name")).toHaveValue(name);
  await expect(page.getByTestId("strategy-type-MULTI_DEVICE")).toBeChecked();
  await expect(page.getByTestId("strategy-type-CTV_OTT")).toBeDisabled();
  await expect(control(page, "campaignId")).toBeDisabled();
});

/** Nothing wider than the screen: the page does not scroll sideways (tables and the hour grid scroll inside their own frames). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("a CTV/OTT strategy hides app categories, apps, mobile OS, device type and SKOverlay (on a 768 px handset)", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, USERS.acme);
  await startUnder(page, CAMPAIGN);
  // The handset's stepper: numbers only, the current step named above them.
  await expect(page.getByTestId("wizard-step-count")).toHaveText("Step 1 of 7: Enter Basic Details");
  await expectNoSidewaysScroll(page);
  await control(page, "name").fill("E2E CTV visibility");
  // Brand awareness, iOS targeted (all systems): a Multi Device strategy offers SKOverlay.
  await expect(control(page, "skOverlayPosition")).toBeVisible();
  await page.getByTestId("strategy-type-CTV_OTT").check();
  await expect(control(page, "skOverlayPosition")).toHaveCount(0);
  await next(page, "Select Inventory");
  await expect(page.getByTestId("strategy-appCategories-group")).toHaveCount(0);
  await expect(page.getByTestId("strategy-rtbApps-group")).toHaveCount(0);
  await expect(page.getByTestId("strategy-rtbSites-group")).toBeVisible();
  await next(page, "Select Targeting Options");
  await expect(page.getByTestId("strategy-targetMobileDevices-group")).toHaveCount(0);
  await expect(page.getByTestId("strategy-targetMobileDevices-types-group")).toHaveCount(0);
  await expect(page.getByTestId("strategy-placements-group")).toHaveCount(0);
  await expect(page.getByTestId("strategy-ctvTargeting-group")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The geofence typed as latitude and longitude, 1 km around each by default.
  await control(page, "geoFenceDTO").check();
  await expect(control(page, "geoFenceDTO-radius")).toHaveValue("1");
  await control(page, "geoFenceDTO-new-lat").fill("52.52");
  await control(page, "geoFenceDTO-new-lng").fill("13.405");
  await page.getByTestId("geofence-add").click();
  await expect(page.getByTestId("geofence-points")).toHaveText(/52\.52, 13\.405/);
  await expectWizardAccessible(page, "targeting of a CTV strategy, geofence on");

  // Back to Multi Device: the rows return.
  await page.getByTestId("wizard-step-basic").click();
  await page.getByTestId("strategy-type-MULTI_DEVICE").check();
  await page.getByTestId("wizard-step-targeting").click();
  await expect(page.getByTestId("strategy-targetMobileDevices-group")).toBeVisible();
  await expect(page.getByTestId("strategy-ctvTargeting-group")).toHaveCount(0);
});

test("a reload in the middle of the wizard keeps what was typed; leaving by a link asks first", async ({ page }) => {
  await signIn(page, USERS.acme);
  await startUnder(page, CAMPAIGN);
  await control(page, "name").fill("E2E half-typed strategy");
  await next(page, "Select Inventory");
  await next(page, "Select Targeting Options");
  await page.getByTestId("daypart-preset-evening").click();
  await expect(page.getByTestId("daypart-preset-evening")).toHaveAttribute("aria-pressed", "true");

  // The browser asks before the reload (the page has unsaved changes); the user goes on.
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await expect(page.getByTestId("wizard-draft-restored")).toBeVisible();
  expect(asked).toEqual(["beforeunload"]);
  await expect(stepTitle(page)).toHaveText("Select Targeting Options");
  await expect(page.getByTestId("daypart-preset-evening")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("wizard-step-basic").click();
  await expect(control(page, "name")).toHaveValue("E2E half-typed strategy");
  await expect(page.getByTestId("strategy-campaignId-name")).toHaveText(CAMPAIGN);

  // A link of the console asks the same question; Stay keeps the wizard.
  await page.locator('a[href="/home"]:visible').first().click();
  const warning = page.getByTestId("leave-warning");
  await expect(warning).toContainText("WARNING: Changes that you made may not be saved.");
  await warning.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/\/strategy\/create$/);
  await expect(control(page, "name")).toHaveValue("E2E half-typed strategy");
});

test("an RO user sees the wizard with no enabled control, on create and on edit", async ({ page }) => {
  await signIn(page, USERS.ro);
  await page.goto("/strategy/create");
  await expect(page.getByTestId("wizard-read-only")).toHaveText("You do not have permission to create strategies.");
  await expectNoEnabledControl(page);

  await page.goto(`/strategy?q=${encodeURIComponent(SEEDED_STRATEGY)}`);
  const href = await page.getByRole("link", { name: SEEDED_STRATEGY, exact: true }).getAttribute("href");
  const id = Number(/\/strategy\/details\/(\d+)$/.exec(href ?? "")?.[1]);
  await page.goto(`/strategy/create/${id}`);
  await expect(page.getByRole("heading", { name: "Edit Strategy" })).toBeVisible();
  await expect(page.getByTestId("wizard-read-only")).toHaveText("You do not have permission to change strategies.");
  await expect(control(page, "name")).toHaveValue(SEEDED_STRATEGY);
  await expect(page.getByTestId("wizard-save")).toHaveCount(0);
  await expectNoEnabledControl(page);
});

async function expectNoEnabledControl(page: Page) {
  const controls = page.getByTestId("strategy-wizard").locator("fieldset input, fieldset select, fieldset textarea, fieldset button");
  expect(await controls.count()).toBeGreaterThan(50);
  expect(await controls.evaluateAll((els) => els.filter((el) => !(el as HTMLInputElement).matches(":disabled")).length)).toBe(0);
}

test("device brands and models are picked from the dictionary by typing part of a name; a name not in it cannot be added", async ({ page }) => {
  await signIn(page, USERS.acme);
  await startUnder(page, CAMPAIGN);
  await control(page, "name").fill(`E2E dictionary strategy ${Date.now()}`);
  await next(page, "Select Inventory");
  await next(page, "Select Targeting Options");

  await choose(page, "targetMobileDevices-brands", "amsu", "Samsung");
  await expect(page.getByTestId("strategy-targetMobileDevices-brands-box")).toContainText("Samsung");
  // The models offered are the chosen brand's.
  await choose(page, "targetMobileDevices-models", "Galaxy S2", "Galaxy S20");
  await expect(page.getByTestId("strategy-targetMobileDevices-models-box")).toContainText("Galaxy S20");

  const brands = control(page, "targetMobileDevices-brands");
  await brands.fill("Acme Phones");
  await expect(page.getByText("No brand matches")).toBeVisible();
  await brands.press("Enter");
  await expect(page.getByTestId("strategy-targetMobileDevices-brands-box").getByTestId("strategy-targetMobileDevices-brands-chip")).toHaveCount(1);
});
