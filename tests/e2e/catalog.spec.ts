// PRODUCT CATALOG tab: a read-write user uploads a CSV feed, the background
// job parses it and the list shows the counts; a link to an internal host is
// refused where it is typed, and a link feed's password is never shown back
// (the server under test runs in production mode, where feed links cannot
// reach 127.0.0.1: downloads from FTP/SFTP servers are tested in
// tests/integration/catalog-ftp.test.ts and catalog-sftp.test.ts); read-only
// and demo users see the feeds but cannot create or refresh them, and the
// server refuses a demo session's requests even from a page that offers the controls.
// Reserved for this spec: the catalog feeds of Default Media's advertiser
// "UrbanCart" (feeds are only added, named uniquely per run).
import path from "node:path";
import { test, expect, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";

const ADVERTISER = "UrbanCart";
const CSV = path.join(__dirname, "../fixtures/catalog/products.csv");
/** lib/catalog/link-edit.ts LINK_MESSAGES.internal */
const INTERNAL_HOST_MESSAGE = "This link points to a private or internal network address: feeds must come from a public server";

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

test("RW: a link to an internal host is refused beside the link field; a link's password is never shown back, and a new host needs it again", async ({ page }) => {
  test.setTimeout(150_000);
  const password = "e2e s3cret!";
  const name = `E2E sftp ${Date.now()}`;
  await openCatalog(page, USERS.rw);

  await page.getByTestId("new-feed").click();
  const dialog = page.getByTestId("new-feed-dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("FTP/SFTP link").check();
  await dialog.getByLabel("Username (optional)").fill("shop");
  await dialog.getByLabel("Password (optional)").fill(password);
  // The server resolves the host: loopback and private addresses, in any spelling, are refused.
  for (const link of ["sftp://127.0.0.1:2222/feeds/products.csv", "ftp://2130706433/feeds/products.csv", "sftp://[::ffff:10.0.0.1]/feeds/products.csv"]) {
    await dialog.getByLabel("Link", { exact: true }).fill(link);
    await dialog.getByTestId("create-feed").click();
    await expect(dialog.getByTestId("feed-link-error")).toHaveText(INTERNAL_HOST_MESSAGE);
  }
  await expect(page.getByTestId("catalog-feed-row").filter({ hasText: name })).toHaveCount(0);

  // A public address is accepted (no connection is made on save; these machines reach no public host,
  // so the run fails with the generic message).
  await dialog.getByLabel("Link", { exact: true }).fill("sftp://93.184.215.14/feeds/products.csv");
  await dialog.getByTestId("create-feed").click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("catalog-feed-row").filter({ hasText: name });
  await expect(row).toContainText("sftp://shop@93.184.215.14/feeds/products.csv");
  const drawer = page.getByTestId("feed-drawer");
  await expect(row.getByTestId("feed-status")).toHaveText("Failed", { timeout: 90_000 });
  await expect(drawer.getByTestId("feed-last-process-status")).toHaveText(/^Could not connect to the feed host/);

  // The edit form: an empty password field that says one is stored; the page never holds it.
  await drawer.getByRole("button", { name: "Edit" }).click();
  const passwordField = drawer.getByLabel("Password", { exact: true });
  await expect(passwordField).toHaveValue("");
  await expect(passwordField).toHaveAttribute("placeholder", "Password stored");
  expect(await page.content()).not.toContain(password);

  // Another host with the field left empty would send the stored password there: refused.
  await drawer.getByLabel("Link", { exact: true }).fill("sftp://93.184.215.15/feeds/products.csv");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByTestId("edit-feed-password-error")).toHaveText("Enter the password again: the host, port or username changed");
  await passwordField.fill(password);
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Feed saved")).toBeVisible();
  await expect(row).toContainText("sftp://shop@93.184.215.15/feeds/products.csv");
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
