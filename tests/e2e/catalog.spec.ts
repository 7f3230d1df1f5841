// PRODUCT CATALOG tab: a read-write user uploads a CSV feed, the background
// job parses it and the list shows the counts; a feed from an sftp:// link is
// downloaded by the server's job from an SFTP server run by this spec on
// 127.0.0.1 (tests/fixtures/sftp-server.ts); read-only and demo users see
// the feeds but cannot create or refresh them, and the server refuses a demo
// session's requests even from a page that offers the controls.
// Reserved for this spec: the catalog feeds of Default Media's advertiser
// "UrbanCart" (feeds are only added, named uniquely per run).
import fs from "node:fs";
import path from "node:path";
import { test, expect, type Page } from "@playwright/test";
import { startSftpServer } from "../fixtures/sftp-server";
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

/** Fills 'New Feed' with the CSV fixture and submits it; returns the dialog. */
async function submitCsvFeed(page: Page, name: string) {
  await page.getByTestId("new-feed").click();
  const dialog = page.getByTestId("new-feed-dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.locator("#feed-file").setInputFiles(CSV);
  await expect(dialog.getByTestId("feed-file-name")).toContainText("products.csv");
  await dialog.getByLabel("Update frequency").selectOption({ label: "Every 6 hours" });
  await dialog.getByTestId("create-feed").click();
  return dialog;
}

test("RW uploads a CSV feed; it is parsed in the background and shows its counts", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E shoes ${Date.now()}`;
  await openCatalog(page, USERS.rw);

  const dialog = await submitCsvFeed(page, name);
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

test("RW creates a feed from an SFTP link: downloaded with its credentials and parsed; a wrong password fails with the reason", async ({ page }) => {
  test.setTimeout(150_000);
  const user = { username: "shop", password: "e2e s3cret!" };
  const sftp = await startSftpServer(user, { "/feeds/products.csv": { bytes: fs.readFileSync(CSV) } });
  try {
    const stamp = Date.now();
    const link = `sftp://127.0.0.1:${sftp.port}/feeds/products.csv`;
    await openCatalog(page, USERS.rw);

    const addLinkFeed = async (name: string, password: string) => {
      await page.getByTestId("new-feed").click();
      const dialog = page.getByTestId("new-feed-dialog");
      await dialog.getByLabel("Name", { exact: true }).fill(name);
      await dialog.getByLabel("FTP/SFTP link").check();
      await dialog.getByLabel("Link", { exact: true }).fill(link);
      await dialog.getByLabel("Username (optional)").fill(user.username);
      await dialog.getByLabel("Password (optional)").fill(password);
      await dialog.getByTestId("create-feed").click();
      await expect(dialog).toBeHidden();
      return page.getByTestId("catalog-feed-row").filter({ hasText: name });
    };

    const good = await addLinkFeed(`E2E sftp ${stamp}`, user.password);
    await expect(good).toContainText(`sftp://shop@127.0.0.1:${sftp.port}/feeds/products.csv`);
    await expect(good.getByTestId("feed-status")).toHaveText("Completed", { timeout: 60_000 });
    await expect(good.getByTestId("feed-items")).toHaveText("10/12");
    await expect(good.getByTestId("feed-success-rate")).toHaveText("83.33%");
    expect(sftp.logins).toContain(`shop:${user.password}`);
    await expect(page.getByText(user.password)).toHaveCount(0);
    await page.getByTestId("feed-drawer").getByRole("button", { name: "Close" }).click();

    const wrong = await addLinkFeed(`E2E sftp wrong ${stamp}`, "not the password");
    await expect(wrong.getByTestId("feed-status")).toHaveText("Failed", { timeout: 60_000 });
    await expect(page.getByTestId("feed-drawer").getByTestId("feed-last-process-status")).toHaveText(
      "The feed could not be downloaded from 127.0.0.1: the server refused the username or password",
    );
  } finally {
    await sftp.close();
  }
});

test("RO sees the catalog but cannot create or refresh feeds", async ({ page }) => {
  await openCatalog(page, USERS.ro);
  await expect(page.getByTestId("new-feed")).toBeDisabled();
  for (const button of await page.getByTestId("feed-refresh").all()) await expect(button).toBeDisabled();
});

test("DEMO sees the catalog but cannot create or refresh feeds; the server refuses a demo session", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const name = `E2E demo lamps ${Date.now()}`;
  const refused = "You do not have permission to change this";

  // RW makes a feed for the demo user to look at; this page keeps RW's controls.
  await openCatalog(page, USERS.rw);
  await expect(await submitCsvFeed(page, name)).toBeHidden();
  const row = page.getByTestId("catalog-feed-row").filter({ hasText: name });
  await expect(row.getByTestId("feed-status")).toHaveText("Completed", { timeout: 60_000 });
  await page.getByTestId("feed-drawer").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("feed-drawer")).toBeHidden();

  const demoContext = await browser.newContext();
  const demo = await demoContext.newPage();
  await openCatalog(demo, USERS.demo);
  await expect(demo.getByTestId("new-feed")).toBeDisabled();
  const demoRow = demo.getByTestId("catalog-feed-row").filter({ hasText: name });
  await expect(demoRow).toContainText("products.csv (CSV)");
  await expect(demoRow.getByTestId("feed-items")).toHaveText("10/12");
  await expect(demoRow.getByTestId("feed-refresh")).toBeDisabled();
  await demoRow.getByTestId("feed-name").click();
  const drawer = demo.getByTestId("feed-drawer");
  await expect(drawer.getByTestId("feed-lines")).toHaveText("12 / 10 / 2");
  for (const label of ["Refresh now", "Deactivate", "Edit"]) await expect(drawer.getByRole("button", { name: label })).toBeDisabled();

  // The RW page's enabled controls, sent with the demo user's session: the server refuses both.
  await page.context().clearCookies();
  await page.context().addCookies(await demoContext.cookies());
  const dialog = await submitCsvFeed(page, `${name} refused`);
  await expect(dialog.getByTestId("new-feed-error")).toHaveText(refused);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await row.getByTestId("feed-refresh").click();
  await expect(page.getByText(refused)).toBeVisible();
  // The refused refresh re-reads the page, now for the demo user: nothing changed, nothing offered.
  await expect(row.getByTestId("feed-refresh")).toBeDisabled();
  await expect(row.getByTestId("feed-status")).toHaveText("Completed");

  await demo.reload();
  await expect(demo.getByTestId("catalog-feed-row").filter({ hasText: name })).toHaveCount(1);
  await expect(demo.getByTestId("catalog-feed-row").filter({ hasText: `${name} refused` })).toHaveCount(0);
  await demoContext.close();
});
