// Reports as users meet them: build an advanced report by
// campaign and day, filter it by a campaign chosen by name (its id in the
// URL, its name on the chip after a reload), see it in the table with its
// totals row, download it as XLSX and read the file back.
import AxeBuilder from "@axe-core/playwright";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import { openWith, signIn, USERS } from "./helpers";

test("build an advanced report by campaign and day, filter it by a campaign chosen by name, then download it as XLSX and read it back", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/report/advanced" });
  await expect(page.getByRole("heading", { name: "Advanced Report" })).toBeVisible();
  const builder = page.getByTestId("report-builder");
  // The default report is by campaign; add the day, keep impressions, clicks and Adv Spend only.
  await expect(builder.getByTestId("report-dim-campaign")).toBeChecked();
  // The metric group opens only once React runs the page (openWith repeats the click until then): a
  // checkbox ticked before that would be forgotten by the builder's state.
  await openWith(builder.getByTestId("report-metric-group-common"), builder.getByTestId("report-metric-installs"));
  await builder.getByTestId("report-dim-date").check();
  for (const id of ["installs", "conversions"]) await builder.getByTestId(`report-metric-${id}`).uncheck();
  await builder.getByTestId("report-run").click();
  await expect(page).toHaveURL(/dims=campaign%2Cdate/);
  const table = page.getByTestId("report-table");
  await expect(table.getByRole("columnheader", { name: "Campaign" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Date" })).toBeVisible();
  const campaign = (await table.getByTestId("report-cell-campaign").first().textContent())!.trim();
  expect(campaign).not.toBe("");

  // Filter by that campaign, chosen by its name: an empty filter is refused beside it first, and nothing runs.
  await builder.getByTestId("report-add-filter").click();
  await builder.getByTestId("report-run").click();
  await expect(builder.getByTestId("report-filter-0-values-error")).toHaveText("Give at least one value");
  const values = builder.getByRole("combobox", { name: "Campaign values" });
  await values.fill(campaign.slice(0, 12));
  // Results show the name and the id.
  const option = builder.getByRole("option", { name: new RegExp(`^${campaign.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*ID \\d+`) }).first();
  await expect(option).toBeVisible();
  // The open search list is labelled for screen readers: axe finds nothing serious in the builder.
  const axe = await new AxeBuilder({ page }).include("[data-testid=report-builder]").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  // The keyboard alone: arrows down to the option (at most a page of results), Enter chooses it.
  for (let i = 0; i < 20 && (await values.getAttribute("aria-activedescendant")) !== (await option.getAttribute("id")); i++) await values.press("ArrowDown");
  await values.press("Enter");
  await expect(builder.getByTestId("report-filter-0-values-chip")).toHaveText([`${campaign}×`]);
  await builder.getByTestId("report-run").click();

  // The URL holds the campaign's id (bookmarkable); every row is that campaign.
  await expect(page).toHaveURL(/f=campaign\.in\.\d+(&|$)/);
  await expect(table.getByTestId("report-cell-campaign").first()).toHaveText(campaign);
  for (const cell of await table.getByTestId("report-cell-campaign").all()) await expect(cell).toHaveText(campaign);
  await expect(page.getByTestId("report-totals")).toContainText("Total");
  await expect(page.getByTestId("report-chart")).toBeVisible();
  // Loaded again from the URL, the chip shows the name the server resolved, not the id.
  await page.reload();
  await expect(page.getByTestId("report-filter-0-values-chip")).toHaveText([`${campaign}×`]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-download-xlsx").click()]);
  expect(download.suggestedFilename()).toMatch(/^advanced-report-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows = (book.getWorksheet("Report")!.getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1));
  expect(rows[0]).toEqual(["Campaign", "Campaign ID", "Date", "Impressions", "Clicks", "CTR", "Adv Spend", "Media Spend", "Margin", "eCPM", "eCPI", "eCPA"]);
  const body = rows.slice(1, -1);
  const total = rows.at(-1)!;
  expect(body.length).toBeGreaterThan(0);
  expect(body.every((r) => r[0] === campaign && /^\d{4}-\d{2}-\d{2}$/.test(String(r[2])))).toBe(true);
  expect(total[0]).toBe("Total");
  // The totals row is the sum of the rows (impressions are whole numbers).
  expect(total[3]).toBe(body.reduce((sum, r) => sum + Number(r[3]), 0));
});
