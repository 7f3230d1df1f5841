// Report templates, scheduling and SliceX as users meet them: save
// an advanced report by campaign and day as a weekly e-mailed template (a bad
// recipient and one outside the licensee refused beside the field, which says
// who may receive reports), run it now and receive the e-mail with
// the file at the test SMTP server, see the run in its history and the
// template in the list; open SliceX's pivot and drill into a cell.
import { expect, test } from "@playwright/test";
import type { SmtpSink } from "../helpers/smtp";
import { openWith, signIn, USERS } from "./helpers";
import { openMailbox } from "./signin-helpers";

let mailbox: SmtpSink;

test.beforeAll(async () => {
  mailbox = await openMailbox();
});

test.afterAll(async () => {
  await mailbox?.close();
});

test("save a report as a weekly template, run it now, and the e-mail arrives with the report attached", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/report/advanced?dims=campaign,date&metrics=impressions,clicks" });
  await expect(page.getByRole("heading", { name: "Advanced Report" })).toBeVisible();
  const dialog = page.getByTestId("save-report-template-dialog");
  await openWith(page.getByTestId("report-save-template"), dialog);
  await dialog.getByLabel("Template Name").fill("E2E campaign days");
  await dialog.getByLabel("Send this report by e-mail on a schedule").check();
  await dialog.getByLabel("Frequency").selectOption("WEEKLY");
  await dialog.getByLabel("Day of the week").selectOption({ label: "Friday" });
  // The demo licensee allows its own test domain (lib/seed/tenants.ts).
  await expect(dialog.getByTestId("template-recipient-rule")).toHaveText("Recipients: users of Default Media, or addresses at default.test");
  await dialog.getByLabel("Recipients").fill("e2e-reports@default.test, not-an-email");
  await dialog.getByTestId("save-report-template-save").click();
  await expect(dialog.getByText("Please enter a valid email: not-an-email")).toBeVisible();
  await dialog.getByLabel("Recipients").fill("e2e-reports@default.test, leak@evil.example");
  await dialog.getByTestId("save-report-template-save").click();
  await expect(dialog.getByText("Not a user of this licensee or an allowed domain: leak@evil.example")).toBeVisible();
  await dialog.getByLabel("Recipients").fill("e2e-reports@default.test");
  await dialog.getByTestId("save-report-template-save").click();

  await expect(page).toHaveURL(/\/report\/schedule\/details\/\d+$/);
  await expect(page.getByTestId("template-title")).toHaveText("E2E campaign days");
  await expect(page.getByTestId("run-history-empty")).toBeVisible();
  const since = Date.now();
  await openWith(page.getByTestId("template-run-now"), page.getByTestId("template-action-message"));
  await expect(page.getByTestId("template-action-message")).toContainText("Run queued");
  const mail = await mailbox.waitFor("e2e-reports@default.test", { since, timeoutMs: 60_000 });
  expect(mail.raw).toContain("E2E campaign days");
  expect(mail.raw).toMatch(/filename="?E2E_campaign_days-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv/);
  // The attached CSV starts with the report's header.
  expect(mail.raw).toMatch(/Q2FtcGFpZ24sQ2FtcGFpZ24gSUQsRGF0ZS|Campaign,Campaign ID,Date/);
  await expect(page.getByTestId("run-history-status").first()).toHaveText("Sent", { timeout: 45_000 });

  await page.goto("/report/schedule/list");
  const row = page.getByRole("row").filter({ hasText: "E2E campaign days" });
  await expect(row.getByTestId("report-template-schedule")).toHaveText(/Weekly on Friday at 09:00/);
  await expect(row.getByTestId("report-template-last-run")).toHaveText("SENT");
});

test("SliceX: campaigns by day as a heat map; a cell drills down to the strategies behind it", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/report/slicex/revenue" });
  await expect(page.getByRole("heading", { name: "General Analysis" })).toBeVisible();
  const table = page.getByTestId("pivot-table");
  await expect(table).toBeVisible();
  // A cell with delivery ("-" marks none).
  const cell = table.getByTestId("pivot-cell").filter({ hasNotText: /^-$/ }).first();
  const value = (await cell.textContent())?.trim();
  const drill = page.getByTestId("pivot-drill");
  await openWith(cell, drill);
  await expect(drill.getByLabel("Break down by")).toHaveValue("strategy");
  await expect(drill.getByTestId("drill-row").first()).toBeVisible();
  // The strategies of the cell add up to the cell.
  await expect(drill.getByTestId("drill-total")).toHaveText(value ?? "");
  await expect(drill.getByTestId("drill-open-advanced")).toHaveAttribute("href", /\/report\/advanced\?dims=strategy/);
});
