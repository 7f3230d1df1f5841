// CONVERSION TRACKER (pixels) as users meet it: create in the modal without
// leaving the list, create on its page and land on the details, fire the
// public endpoint and see 'times fired' grow, activate / deactivate with the
// 'Warning' confirmation, the unsaved-changes warning, and what RO and DEMO
// users may do.
// Reserved for this spec: the pixels of Default Media's advertiser "UrbanCart"
// (pixels are only added, named uniquely per run; one added pixel is
// deactivated and activated again).
import { test, expect, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";

const ADVERTISER = "UrbanCart";

/** Signs in and returns the advertiser's id. */
async function advertiserId(page: Page, email: string): Promise<number> {
  await signIn(page, email, { returnUrl: "/advertiser" });
  const href = await page.getByRole("link", { name: ADVERTISER, exact: true }).getAttribute("href");
  const match = href?.match(/^\/advertiser\/details\/(\d+)$/);
  expect(match).not.toBeNull();
  return Number(match![1]);
}

async function openList(page: Page, email: string): Promise<number> {
  const id = await advertiserId(page, email);
  await page.goto(`/advertiser/details/${id}/pixel`);
  await expect(page.getByRole("heading", { name: "Conversion Tracker" })).toBeVisible();
  await expect(page.getByTestId("advertiser-name")).toHaveText(ADVERTISER);
  return id;
}

async function confirmWarning(page: Page) {
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog.getByText("Warning")).toBeVisible();
  await dialog.getByRole("button", { name: "Yes" }).click();
}

test("RW creates a conversion tracker in the modal, without leaving the list", async ({ page }) => {
  const name = `E2E modal ${Date.now()}`;
  const advId = await openList(page, USERS.rw);
  const listUrl = page.url();
  await expect(page.getByTestId("pixel-row").filter({ hasText: "UrbanCart - Purchase" })).toHaveCount(1);

  await page.getByTestId("new-pixel").click();
  const dialog = page.getByTestId("pixel-form-dialog");
  await expect(dialog.getByRole("heading", { name: "New Conversion Tracker" })).toBeVisible();
  // 90% wide, 70% high, and an outside click does not close it.
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.width - viewport.width * 0.9)).toBeLessThan(2);
  expect(Math.abs(box.height - viewport.height * 0.7)).toBeLessThan(2);
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByTestId("pixel-save").click();
  await expect(dialog.getByTestId("pixel-name-error")).toHaveText("Name is required");
  await expect(dialog.getByTestId("pixel-type-error")).toHaveText("Type is required");
  await expect(dialog.getByLabel("Name")).toBeFocused(); // the first field with a message

  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Type").selectOption({ label: "Click Conversions" });
  await expect(dialog.getByLabel("Click Validity Window (days)")).toHaveValue("45");
  await expect(dialog.getByLabel("View Validity Window (days)")).toHaveCount(0);
  await dialog.getByTestId("pixel-count-capped").check();
  await expect(dialog.getByLabel("Every (duration)")).toHaveValue("10");
  await dialog.getByLabel("Conversions per user").fill("3$");
  await dialog.getByTestId("pixel-save").click();
  await expect(dialog.getByTestId("pixel-user-fcap-error")).toHaveText("Only digits are allowed, no special characters");
  await dialog.getByLabel("Conversions per user").fill("3");
  await dialog.getByTestId("pixel-save").click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("list-alert")).toHaveText(`Conversion tracker "${name}" created`);
  expect(page.url()).toBe(listUrl);
  const row = page.getByTestId("pixel-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("pixel-user-fcap")).toHaveText("3 every 10 Minute(s)");
  await expect(row.getByTestId("pixel-type")).toHaveText("Click Conversions");
  await expect(row.getByTestId("status")).toHaveAttribute("data-active", "true"); // new pixels are active
  await expect(row.getByTestId("pixel-name")).toHaveAttribute("href", new RegExp(`^/advertiser/${advId}/pixel/details/\\d+$`));
});

test("RW creates on the page, fires the endpoint and sees 'times fired' grow; deactivated pixels record nothing", async ({ page }) => {
  const name = `E2E fired ${Date.now()}`;
  const advId = await advertiserId(page, USERS.rw);
  await page.goto(`/advertiser/${advId}/pixel/create`);
  await expect(page.getByRole("heading", { name: "New Conversion Tracker" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Type").selectOption({ label: "Hybrid" });
  await page.getByLabel("View Validity Window (days)").fill("30");
  await page.getByTestId("pixel-save").click();

  await expect(page).toHaveURL(new RegExp(`/advertiser/${advId}/pixel/details/\\d+$`));
  const pixelId = Number(page.url().split("/").pop());
  await expect(page.getByTestId("pixel-title")).toHaveText(name);
  await expect(page.getByTestId("pixel-view-window")).toHaveText("30 day(s)");
  await expect(page.getByTestId("pixel-click-window")).toHaveText("45 day(s)");
  await expect(page.getByTestId("pixel-user-fcap")).toHaveText("No Limit");
  await expect(page.getByTestId("times-fired")).toHaveText("0");
  // The tags name the pixel by its opaque public key, not by its sequential id.
  const imageTag = (await page.getByTestId("code-image").textContent()) ?? "";
  const publicKey = /\/api\/px\/([A-Za-z0-9_-]{22})\?value=&amp;order_id=/.exec(imageTag)?.[1];
  expect(publicKey).toBeTruthy();
  expect(imageTag).not.toContain(`/api/px/${pixelId}?`);
  await expect(page.getByTestId("code-script")).toContainText(`/api/px/${publicKey}?t=js`);

  const image = await page.request.get(`/api/px/${publicKey}?value=12.50&order_id=E2E-1`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/gif");
  expect(image.headers()["cache-control"]).toContain("no-store");
  const script = await page.request.get(`/api/px/${publicKey}?t=js`);
  expect(script.headers()["content-type"]).toContain("javascript");
  // The same order id again is not counted twice; a new pixel's sequential id records nothing.
  expect((await page.request.get(`/api/px/${publicKey}?value=12.50&order_id=E2E-1`)).status()).toBe(200);
  expect((await page.request.get(`/api/px/${pixelId}`)).status()).toBe(200);
  // Unknown and malformed ids get the same quick answer and record nothing.
  for (const bad of ["999999999", "abc"]) expect((await page.request.get(`/api/px/${bad}`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("times-fired")).toHaveText("2");

  await page.getByTestId("pixel-deactivate").click();
  await confirmWarning(page);
  await expect(page.getByTestId("pixel-status-message")).toHaveText("Successfully de-activated pixel");
  await expect(page.getByTestId("pixel-status").getByTestId("status")).toHaveAttribute("data-active", "false");
  await page.request.get(`/api/px/${publicKey}`);
  await page.reload();
  await expect(page.getByTestId("times-fired")).toHaveText("2");
  await page.getByTestId("pixel-activate").click();
  await confirmWarning(page);
  await expect(page.getByTestId("pixel-status").getByTestId("status")).toHaveAttribute("data-active", "true");

  await page.getByTestId("pixel-edit").click();
  await expect(page.getByRole("heading", { name: "Edit Conversion Tracker" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await page.getByTestId("pixel-cancel").click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/details/${advId}/pixel$`));
  const row = page.getByTestId("pixel-row").filter({ hasText: name });
  await expect(row.getByTestId("pixel-conversions")).toHaveText("2");
});

test("the edit form warns before the page is left with unsaved changes", async ({ page }) => {
  const advId = await advertiserId(page, USERS.rw);
  await page.goto(`/advertiser/details/${advId}/pixel`);
  await page.getByTestId("pixel-row").filter({ hasText: "UrbanCart - Purchase" }).getByTestId("pixel-row-edit").click();
  await expect(page.getByRole("heading", { name: "Edit Conversion Tracker" })).toBeVisible();
  await page.getByLabel("Name").click();
  await page.keyboard.type(" changed");
  const dialogType = new Promise<string>((resolve) =>
    page.once("dialog", async (d) => {
      resolve(d.type());
      await d.accept();
    }),
  );
  await page.reload();
  expect(await dialogType).toBe("beforeunload");
});

test("RO sees pixels without select or Action column, and nothing can be changed", async ({ page }) => {
  const advId = await openList(page, USERS.ro);
  await expect(page.getByTestId("pixel-row").first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Action" })).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByTestId("bulk-bar")).toHaveCount(0);
  await expect(page.getByTestId("new-pixel")).toBeDisabled();

  await page.getByTestId("pixel-row").filter({ hasText: "UrbanCart - Purchase" }).getByTestId("pixel-name").click();
  await expect(page.getByTestId("pixel-title")).toHaveText("UrbanCart - Purchase");
  await expect(page.getByTestId("pixel-deactivate")).toBeDisabled();
  await expect(page.getByTestId("pixel-edit")).toBeDisabled();

  await page.goto(`/advertiser/${advId}/pixel/create`);
  await expect(page.getByRole("heading", { name: "New Conversion Tracker" })).toBeVisible();
  await expect(page.getByLabel("Name")).toBeDisabled();
  await expect(page.getByTestId("pixel-save")).toBeDisabled();
});

test("DEMO sees every pixel control disabled", async ({ page }) => {
  await openList(page, USERS.demo);
  await expect(page.getByTestId("new-pixel")).toBeDisabled();
  const row = page.getByTestId("pixel-row").filter({ hasText: "UrbanCart - Purchase" });
  await expect(row.getByRole("checkbox")).toBeDisabled();
  await expect(row.getByTestId("pixel-row-toggle")).toBeDisabled();
  await expect(row.getByTestId("pixel-row-edit")).toBeDisabled();
  await expect(page.getByTestId("bulk-bar").getByRole("button", { name: "Deactivate" })).toBeDisabled();
  await row.getByTestId("pixel-name").click();
  await expect(page.getByTestId("pixel-deactivate")).toBeDisabled();
  await expect(page.getByTestId("pixel-edit")).toBeDisabled();
});
