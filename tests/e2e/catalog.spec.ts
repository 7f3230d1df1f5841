// PRODUCT CATALOG tab: a read-write user uploads a CSV feed, the background
// job parses it and the list shows the counts; read-only users cannot create.
// Reserved for this spec: the catalog feeds of Default Media's advertiser
// "UrbanCart" (feeds are only added, named uniquely per run).
import path from "node:path";
import { test, expect, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";

const ADVERTISER = "UrbanCart";
const CSV = path.join(__dirname, "../fixtures/catalog/products.csv");

async function openCatalog(page: Page, email: string) {
  await signIn(page, email, { returnUrl: "/advertiser" });
  const href = await page.getByRole("link", { name: ADVERTISER, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/advertiser\/details\/\d+$/);
  await page.goto(`${href}/catalog`);
  await expect(page.getByRole("heading", { name: "Product Catalog" })).toBeVisible();
  await expect(page.getByTestId("advertiser-name")).toHaveText(ADVERTISER);
}

test("RW uploads a CSV feed; it is parsed in the background and shows its counts", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E shoes ${Date.now()}`;
  await openCatalog(page, USERS.rw);

  await page.getByTestId("new-feed").click();
  const dialog = page.getByTestId("new-feed-dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.locator("#feed-file").setInputFiles(CSV);
  await expect(dialog.getByTestId("feed-file-name")).toContainText("products.csv");
  await dialog.getByLabel("Update frequency").selectOption({ label: "Every 6 hours" });
  await dialog.getByTestId("create-feed").click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("catalog-feed-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("products.csv (CSV)");
  await expect(row).toContainText("Every 6 hours");
  // The page polls while the feed is processing: no reload needed.
  await expect(row.getByTestId("feed-status")).toHaveText("Completed", { timeout: 60_000 });
  await expect(row.getByTestId("feed-items")).toHaveText("10/12");
  await expect(row.getByTestId("feed-success-rate")).toHaveText("83.33%");

  const drawer = page.getByTestId("feed-drawer");
  await expect(drawer).toBeVisible(); // opened on the new feed after saving
  await expect(drawer.getByTestId("feed-lines")).toHaveText("12 / 10 / 2");
  await expect(drawer.getByTestId("feed-quality")).toHaveText("80%");
  const imageRow = drawer.getByTestId("mapping-row").filter({ hasText: "image_link" });
  await expect(imageRow.getByLabel("Standard variable of image_link")).toHaveValue("image_link");
  await expect(drawer.getByTestId("mapping-row")).toHaveCount(10);
});

test("RO sees the catalog but cannot create or refresh feeds", async ({ page }) => {
  await openCatalog(page, USERS.ro);
  await expect(page.getByTestId("new-feed")).toBeDisabled();
  for (const button of await page.getByTestId("feed-refresh").all()) await expect(button).toBeDisabled();
});
