// Strategy templates and the clone as users meet them (business.md
// 2 clone and save-as-template dialogs, shell.md 2.6): a template saved from a
// seeded strategy's details page is listed with Total Usage 0, opens the
// wizard pre-filled (/strategy/create?templateId=N), and the strategy saved
// from it counts one use; a strategy cloned from its details page opens the
// clone's details page, inactive; read-only users get neither control
// enabled. axe runs on the dialogs, the template's page and the wizard's
// template picker (the accessibility spec's route walk has no seeded template).
//
// Reserved for this spec: templates and strategies it creates in Acme
// Agency (named uniquely per run), from the seeded strategy "Mobile - Launch
// banners" of "Streamly - Launch Awareness". Default Media's strategy list is
// counted by the list specs, so nothing is added there; its strategies are
// only read (as the read-only user).
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, openWith, signIn, USERS } from "./helpers";

const CAMPAIGN = "Streamly - Launch Awareness";
const SOURCE = "Mobile - Launch banners";

const control = (page: Page, id: string) => page.locator(`#strategy-${id}`);
const stepTitle = (page: Page) => page.getByTestId("wizard-step-title");

/** The seeded strategy's details page, found through the strategy list's search. */
async function openStrategy(page: Page, name: string): Promise<number> {
  await page.goto(`/strategy?q=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  const id = Number(/\/strategy\/details\/(\d+)$/.exec(href ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  await page.goto(`/strategy/details/${id}`);
  await expect(page.getByTestId("strategy-name")).toHaveText(name);
  return id;
}

/** The Total Usage cell of the template's row in /strategy/templates. */
async function usageOf(page: Page, templateName: string) {
  await page.goto(`/strategy/templates?q=${encodeURIComponent(templateName)}`);
  await expect(page.getByTestId("template-name")).toHaveText([templateName]);
  return page.getByTestId("template-usage");
}

/** A datetime-local value two days from now (the campaign runs 30 more days). */
function inTwoDays(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

async function next(page: Page, title: string) {
  await page.getByTestId("wizard-next").click();
  await expect(stepTitle(page)).toHaveText(title);
}

test("save a template from a strategy, see it with Total Usage 0, create a strategy from it through the pre-filled wizard, see Total Usage 1", async ({ page }) => {
  test.setTimeout(150_000);
  const templateName = `E2E template ${Date.now()}`;
  await signIn(page, USERS.acme);
  await openStrategy(page, SOURCE);

  const dialog = await openWith(page.getByTestId("strategy-save-template"), page.getByTestId("save-template-dialog"));
  await expect(page.locator("#template-name")).toHaveValue(SOURCE);
  await expectAccessible(page, "save-as-template dialog", '[data-testid="save-template-dialog"]');
  // The name is required: the message beside the field, nothing saved.
  await page.locator("#template-name").fill("");
  await dialog.getByTestId("save-template-save").click();
  await expect(page.locator("#template-name-error")).toHaveText("Template name is required");
  await page.locator("#template-name").fill(templateName);
  await page.locator("#template-description").fill("Android launch banners, saved by the browser test");
  await dialog.getByTestId("save-template-save").click();

  await expect(page).toHaveURL(/\/strategy\/templates-details\/\d+$/);
  const templateId = Number(/\/strategy\/templates-details\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByTestId("template-title")).toContainText(templateName);
  await expect(page.getByTestId("template-fields").locator('[data-key="totalUsage"]')).toHaveText("0");
  await expectAccessible(page, "template details", '[data-testid="template-details"]');

  // What the template carries, as the API shows it (the page's own session cookie).
  const api = await page.request.get(`/api/v1/strategy-templates/${templateId}`);
  expect(api.status()).toBe(200);
  const { settings, goal } = ((await api.json()) as { respObject: { settings: Record<string, unknown>; goal: string } }).respObject;
  expect(typeof settings.pricingValue).toBe("string");
  expect(goal).toBe(settings.pricingType);

  await expect(await usageOf(page, templateName)).toHaveText("0");

  // The wizard starts from the template; the campaign, name and start are the new strategy's own.
  await page.goto(`/strategy/create?templateId=${templateId}`);
  await expect(page.getByRole("heading", { name: "Create Strategy" })).toBeVisible();
  await expect(page.getByTestId("wizard-template-name")).toContainText(templateName);
  const picker = await openWith(control(page, "campaignId"), page.getByRole("dialog", { name: "Select Campaign" }));
  await picker.getByTestId("picker-search").fill(CAMPAIGN);
  await picker.getByTestId("picker-search").press("Enter");
  await picker.getByRole("radio", { name: CAMPAIGN }).check();
  await picker.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("strategy-campaignId-name")).toHaveText(CAMPAIGN);
  const strategyName = `E2E from template ${Date.now()}`;
  await control(page, "name").fill(strategyName);
  await page.getByTestId("strategy-startTime-at").check();
  await control(page, "startTime").fill(inTwoDays());

  // 'Use a template' offers it in 'Select Strategy Templates' (filtered by goal).
  const templates = await openWith(page.getByTestId("wizard-use-template"), page.getByRole("dialog", { name: "Select Strategy Templates" }));
  await expect(templates.getByTestId("template-picker-row").filter({ hasText: templateName })).toHaveCount(1);
  await expectAccessible(page, "template picker", '[role="dialog"]');
  await templates.getByRole("button", { name: "Cancel" }).click();
  await expect(templates).toHaveCount(0);

  await next(page, "Select Inventory");
  await next(page, "Select Targeting Options");
  await next(page, "Specify Budget & Bidding");
  await expect(control(page, "pricingValue")).toHaveValue(String(settings.pricingValue));
  await next(page, "Associate Creatives");
  await next(page, "Associate Creative Sets");
  await next(page, "Review Strategy Settings");
  await expect(page.getByTestId("strategy-review-basics")).toContainText(strategyName);
  await page.getByTestId("wizard-save").click();
  await expect(page).toHaveURL(/\/strategy\/details\/\d+$/);
  await expect(page.getByTestId("strategy-name")).toHaveText(strategyName);

  await expect(await usageOf(page, templateName)).toHaveText("1");
});

test("clone a strategy from its details page into its campaign: the clone's details page opens, inactive", async ({ page }) => {
  const cloneName = `E2E clone ${Date.now()}`;
  await signIn(page, USERS.acme);
  const sourceId = await openStrategy(page, SOURCE);

  const dialog = await openWith(page.getByTestId("strategy-clone"), page.getByTestId("clone-dialog"));
  await expect(page.locator("#clone-name")).toHaveValue(`${SOURCE} - Copy`);
  await expect(page.locator("#clone-campaign").locator("option:checked")).toHaveText(CAMPAIGN);
  await expectAccessible(page, "clone dialog", '[data-testid="clone-dialog"]');
  await page.locator("#clone-name").fill(cloneName);
  await dialog.getByLabel("Copy creative sets").check();
  await dialog.getByTestId("clone-save").click();

  // The clone's page replaces the source's (same URL pattern: wait for its name first).
  await expect(page.getByTestId("strategy-name")).toHaveText(cloneName);
  await expect(page).toHaveURL(/\/strategy\/details\/\d+$/);
  expect(Number(/\/strategy\/details\/(\d+)$/.exec(page.url())?.[1])).not.toBe(sourceId);
  await expect(page.getByTestId("strategy-header").getByTestId("status")).toHaveAttribute("data-active", "false");
});

test("read-only users get neither 'Save as strategy template' nor 'Clone' enabled", async ({ page }) => {
  await signIn(page, USERS.ro);
  await page.goto("/strategy");
  const href = await page.locator('a[href^="/strategy/details/"]').first().getAttribute("href");
  await page.goto(href!);
  await expect(page.getByTestId("strategy-name")).toBeVisible();
  await expect(page.getByTestId("strategy-save-template")).toBeDisabled();
  await expect(page.getByTestId("strategy-clone")).toBeDisabled();
});
