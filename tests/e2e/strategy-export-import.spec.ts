// Export a campaign's strategies (CSV), edit a bid in the downloaded file,
// re-import it, see the preview with old -> new, apply, and see the new bid
// on the strategy's details page (business.md 2 "Export").
//
// Data changed here: the bid of Default Media's strategy "iOS - Lapsed 7 days"
// (under Puzzle Peak's "Puzzle Peak - iOS Re-engagement"), raised by 0.01 per run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openWith, signIn, USERS } from "./helpers";

const CAMPAIGN = "Puzzle Peak - iOS Re-engagement";
const STRATEGY = "iOS - Lapsed 7 days";
const BID = "Bid Price (editable)";

/** The CSV with the strategy's bid raised by 0.01; the old and new bid. */
function raiseBid(csv: string): { text: string; oldBid: string; newBid: string; id: number } {
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
  const header = lines[0].split(",");
  const at = header.indexOf(BID);
  const i = lines.findIndex((l) => l.split(",")[header.indexOf("Strategy Name (editable)")] === STRATEGY);
  expect(i).toBeGreaterThan(0);
  const cells = lines[i].split(",");
  const oldBid = cells[at];
  const newBid = (Math.round(Number(oldBid) * 100) / 100 + 0.01).toFixed(2);
  cells[at] = newBid;
  lines[i] = cells.join(",");
  return { text: lines.join("\r\n"), oldBid, newBid, id: Number(cells[0]) };
}

test("export a campaign's strategies, edit a bid, re-import: preview old -> new, apply, the details show the new bid", async ({ page }) => {
  await signIn(page, USERS.rw);
  await page.goto("/strategy");
  const dialog = await openWith(page.getByTestId("strategy-export-open"), page.getByTestId("strategy-export-dialog"));
  await expect(dialog.getByTestId("strategy-export-warning")).toContainText("Bid price, bid type, F-cap and strategy name can be edited");
  await dialog.getByTestId("strategy-export-campaign-search").fill("iOS Re-engagement");
  await dialog.getByRole("checkbox", { name: CAMPAIGN }).check();
  const downloading = page.waitForEvent("download");
  await dialog.getByTestId("strategy-export-submit").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  await expect(dialog.getByTestId("strategy-export-download")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const edited = raiseBid(csv);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "xfer-e2e-")), "strategies.csv");
  fs.writeFileSync(file, edited.text);

  const importer = await openWith(page.getByTestId("strategy-import-open"), page.getByTestId("strategy-import-dialog"));
  await importer.getByTestId("strategy-import-file-input").setInputFiles(file);
  const changes = importer.getByTestId("strategy-import-changes");
  await expect(changes).toContainText(STRATEGY);
  await expect(changes).toContainText(`${edited.oldBid.replace(/0+$/, "").replace(/\.$/, "")} -> ${edited.newBid.replace(/0+$/, "").replace(/\.$/, "")}`);
  await expect(importer.getByTestId("strategy-import-summary")).toContainText("1 to change");
  await importer.getByTestId("strategy-import-apply").click();
  await expect(importer.getByTestId("strategy-import-applied")).toContainText("1 strategies updated");

  await page.goto(`/strategy/details/${edited.id}`);
  await expect(page.getByTestId("strategy-name")).toHaveText(STRATEGY);
  await expect(page.getByTestId("strategy-review-budget").locator('dd[data-key="pricingValue"]')).toContainText(edited.newBid.replace(/0+$/, "").replace(/\.$/, ""));
});
