// Audiences as users meet them (business.md 2, 3, 5; shell.md 2.6, 3): create a
// website audience with two rule groups and read the sentence preview, find it
// in the list of website audiences (and not in the app audiences), open its
// details in a new tab (fields, rules sentence), deactivate and activate it
// after the 'Warning' question; a seeded audience's details chart its users; a
// DMP audience picks its partner segment from the catalogue by typing part of
// its taxonomy, and its details show the segment's size as reach estimate.
//
// Reserved for this spec: the audiences it adds under Acme Agency's advertiser
// "NordPay" (named uniquely per run). Only read: Default Media's seeded
// "UrbanCart - Site visitors 30d" (its members joined over the seed's 60 days).
// Also reserved: the DMP audiences it adds under Default Media's "Puzzle Peak
// Games" (the advertiser with partner-data access), on the seeded partner
// segment "Auto > Intenders > SUV" (Oracle Data Cloud, 250,000 users; lib/seed/partner-segments.ts).
import { expect, test, type Page } from "@playwright/test";
import { openWith, pickAdvertiser, signIn, USERS } from "./helpers";

const ADVERTISER = "NordPay";
const field = (page: Page, name: string) => page.locator(`#audience-${name}`);
const SENTENCE =
  'Users where (Page URL contains "/pricing" in the last 30 days and Page frequency is at least 3 in the last 7 days) or Event name equals "signup" in the last 30 days';

function chooseAdvertiser(page: Page) {
  return pickAdvertiser(page, field(page, "advertiserId"), ADVERTISER);
}

test("a website audience with two rule groups: the sentence preview, the list by type, details in a new tab, status after the question", async ({ page, context }) => {
  const name = `E2E pricing visitors ${Date.now()}`;
  await signIn(page, USERS.acme, { returnUrl: "/audience" });
  await page.goto("/audience/create");
  await expect(page.getByRole("heading", { name: "New Audience" })).toBeVisible();
  await chooseAdvertiser(page);
  await field(page, "name").fill(name);
  await field(page, "source").selectOption("WEBSITE");
  // A rule-based website audience starts with one rule to fill in; an empty one is refused beside its fields.
  await page.getByTestId("audience-save").click();
  await expect(page.locator("#audience-rule-0-0-filterId-error")).toHaveText("Choose a filter");
  await expect(page).toHaveURL(/\/audience\/create$/);

  await field(page, "rule-0-0-filterId").selectOption({ label: "Page URL" });
  await field(page, "rule-0-0-operatorId").selectOption({ label: "contains" });
  await field(page, "rule-0-0-value").fill("/pricing");
  await page.getByTestId("audience-rule-group-0-add").click();
  await field(page, "rule-0-1-filterId").selectOption({ label: "Page frequency" });
  await field(page, "rule-0-1-operatorId").selectOption({ label: "is at least" });
  await field(page, "rule-0-1-value").fill("3");
  await field(page, "rule-0-1-duration").fill("7");
  await page.getByTestId("audience-rule-group-add").click();
  await field(page, "rule-1-0-filterId").selectOption({ label: "Event name" });
  await field(page, "rule-1-0-operatorId").selectOption({ label: "equals" });
  await field(page, "rule-1-0-value").fill("signup");
  await expect(page.getByTestId("audience-rules-sentence")).toHaveText(SENTENCE);
  await page.getByTestId("audience-save").click();
  await expect(page).toHaveURL(/\/audience\/details\/\d+$/);
  await expect(page.getByTestId("audience-name")).toHaveText(name);
  await expect(page.getByTestId("audience-rules-sentence")).toHaveText(SENTENCE);

  // Listed among the website audiences, not among the app audiences.
  await page.goto(`/audience?type=web&q=${encodeURIComponent(name)}`);
  const row = page.getByTestId("audience-row").filter({ hasText: name });
  await expect(row).toContainText("Website");
  await expect(row).toContainText(ADVERTISER);
  await page.goto(`/audience?type=app&q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("audience-row")).toHaveCount(0);
  await page.goto(`/audience?type=web&q=${encodeURIComponent(name)}`);

  // The details open in a new tab.
  const [details] = await Promise.all([context.waitForEvent("page"), page.getByTestId("audience-row").filter({ hasText: name }).getByRole("link", { name }).click()]);
  await details.waitForLoadState();
  await expect(details).toHaveURL(/\/audience\/details\/\d+$/);
  await expect(details.getByTestId("audience-basic").locator('dd[data-field="Source"]')).toHaveText("Website");
  await expect(details.getByTestId("audience-upload").locator('dd[data-field="User expiry"]')).toHaveText("30 days");

  await details.getByTestId("audience-deactivate").click();
  await details.getByRole("dialog", { name: "Warning" }).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(details.getByTestId("audience-activate")).toBeVisible();
  await details.getByTestId("audience-activate").click();
  await details.getByRole("dialog", { name: "Warning" }).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(details.getByTestId("audience-deactivate")).toBeVisible();
});

test("a seeded audience's details chart its users: total users as a line, new users as bars, over the date range", async ({ page }) => {
  const seeded = "UrbanCart - Site visitors 30d";
  await signIn(page, USERS.rw, { returnUrl: "/audience" });
  await page.goto(`/audience?type=web&q=${encodeURIComponent(seeded)}`);
  const href = await page.getByTestId("audience-row").filter({ hasText: seeded }).locator('a[href^="/audience/details/"]').first().getAttribute("href");
  await page.goto(href!);

  const users = page.getByTestId("audience-users");
  await expect(users.getByRole("heading", { name: "Users" })).toBeVisible();
  await expect(users.getByTestId("date-range-button")).toBeVisible();
  const chart = users.getByTestId("audience-users-chart");
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("data-points", /^[1-9]\d*$/);
  // recharts arrives after the page (loaded lazily), then draws the line, the bars and the legend.
  await expect(chart.locator(".recharts-line-curve")).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeAttached();
  await expect(chart.locator(".recharts-legend-wrapper")).toContainText("Total users");
  await expect(chart.locator(".recharts-legend-wrapper")).toContainText("New users");
  await expect(users.getByTestId("audience-users-empty")).toHaveCount(0);
});

test("a DMP audience picks its partner segment by typing part of its taxonomy; its details show the segment and its size", async ({ page }) => {
  const name = `E2E SUV intenders ${Date.now()}`;
  await signIn(page, USERS.rw, { returnUrl: "/audience" });
  await page.goto("/audience/create");
  await expect(page.getByRole("heading", { name: "New Audience" })).toBeVisible();
  await pickAdvertiser(page, field(page, "advertiserId"), "Puzzle Peak Games");
  await field(page, "name").fill(name);
  // The DMP source is offered once the advertiser's partner-data access is known.
  await expect(field(page, "source").locator('option[value="DMP"]')).toBeEnabled();
  await field(page, "source").selectOption("DMP");
  await field(page, "kind").selectOption("CRM");
  // Without a segment the save is refused beside the field.
  await page.getByTestId("audience-save").click();
  await expect(page.getByTestId("audience-partnerSegmentId-error")).toHaveText("Choose a DMP segment from the partner catalogue");

  // The picker, by keyboard: type part of the taxonomy, Enter searches, Space chooses the row.
  const picker = await openWith(field(page, "partnerSegmentId"), page.getByRole("dialog", { name: "Select DMP Segment" }));
  await picker.getByTestId("picker-search").fill("intenders > suv");
  await picker.getByTestId("picker-search").press("Enter");
  const suv = picker.getByRole("radio", { name: /Auto > Intenders > SUV/ });
  await expect(picker.getByTestId("picker-row")).toHaveCount(1);
  await suv.focus();
  await page.keyboard.press("Space");
  await expect(suv).toBeChecked();
  await picker.getByRole("button", { name: "Done" }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId("audience-partnerSegmentId-name")).toContainText("Oracle Data Cloud: Intenders SUV (Auto > Intenders > SUV)");

  await page.getByTestId("audience-save").click();
  await expect(page).toHaveURL(/\/audience\/details\/\d+$/);
  const basic = page.getByTestId("audience-basic");
  await expect(basic.locator('dd[data-field="DMP provider"]')).toHaveText("Oracle Data Cloud");
  await expect(page.getByTestId("audience-segment-name")).toHaveText("Intenders SUV");
  await expect(page.getByTestId("audience-segment-taxonomy")).toHaveText("Auto > Intenders > SUV");
  await expect(page.getByTestId("audience-reach-estimate")).toHaveText("250,000 users");

  // The list of DMP audiences shows the segment with its size.
  await page.goto(`/audience?type=dmp&q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("audience-row").filter({ hasText: name })).toContainText("Auto > Intenders > SUV) · 250,000 users");
});
