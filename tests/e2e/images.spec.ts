// The advertiser image library (shell.md 2.9, 5): a wrong-size logo is refused
// with its file name, a 300x300 logo is uploaded, saved, shown (served by the
// file route) and deleted after the confirmation; RO and DEMO cannot change it.
// Every test opens the library from the details header's Image Library link.
// Reserved for this spec: the logo library of Default Media's "FlyNest Travel"
// (logos are added and deleted with names unique per run).
import { test, expect, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";
import { png } from "../helpers/images";

const ADVERTISER = "FlyNest Travel";

async function openImages(page: Page, email: string) {
  await signIn(page, email, { returnUrl: "/advertiser" });
  const href = await page.getByRole("link", { name: ADVERTISER, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/advertiser\/details\/\d+$/);
  // Reached as a user would: the details header's Image Library link (every role has it).
  await page.goto(href!);
  await page.getByRole("link", { name: "Image Library" }).click();
  await expect(page).toHaveURL(new RegExp(`${href}/images$`));
  const logos = page.getByTestId("image-library-LOGO");
  await expect(logos.getByRole("heading", { name: "Logos" })).toBeVisible();
  return logos;
}

test("RW: a wrong-size logo is refused by name; a 300x300 logo is saved, shown, then deleted after the warning", async ({ page }) => {
  const run = Date.now();
  const wrong = `wrong-${run}.png`;
  const right = `logo-${run}.png`;
  const logos = await openImages(page, USERS.rw);
  await expect(logos.locator('[data-testid="image-tile"][data-name="default-advertiser-logo.svg"]')).toBeVisible();

  await logos.getByRole("button", { name: "Upload" }).click();
  const modal = page.getByTestId("image-upload-modal");
  await expect(modal.getByRole("heading", { name: "Upload logos" })).toBeVisible();
  const save = modal.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();

  await modal.getByTestId("image-file-input").setInputFiles({ name: wrong, mimeType: "image/png", buffer: png(301, 300) });
  await expect(modal.getByTestId("image-upload-error")).toHaveText(`${wrong}: Invalid dimensions: the image is 301x300 pixels; it must be 300x300`);
  await expect(save).toBeDisabled();

  await modal.getByTestId("image-file-input").setInputFiles({ name: right, mimeType: "image/png", buffer: png(300, 300, { rgb: [16, 185, 129] }) });
  await expect(modal.getByTestId("image-upload-preview")).toHaveCount(1);
  await expect(modal.getByTestId("image-upload-preview")).toContainText(right);
  await expect(modal.getByTestId("image-upload-error")).toHaveCount(0);
  await save.click();
  await expect(modal).toBeHidden();

  const tile = logos.locator(`[data-testid="image-tile"][data-name="${right}"]`);
  await expect(tile).toBeVisible();
  // The thumbnail really loads from the file route (a 300x300 PNG).
  await expect.poll(() => tile.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

  // Still there after a reload: it is in the library, not only on the page.
  await page.reload();
  await expect(tile).toBeVisible();

  await tile.click();
  await expect(tile).toHaveAttribute("aria-pressed", "true");
  await logos.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm.getByRole("heading", { name: "Warning" })).toBeVisible();
  await expect(confirm).toContainText("You are about the delete 1 logo(s). Are you sure you want to continue ?");
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(confirm).toBeHidden();
  await expect(tile).toHaveCount(0);
  await page.reload();
  await expect(logos.locator('[data-testid="image-tile"][data-name="default-advertiser-logo.svg"]')).toBeVisible();
  await expect(tile).toHaveCount(0);
});

test("the default logo cannot be selected for deletion; the panels list fallback and overlay images too", async ({ page }) => {
  const logos = await openImages(page, USERS.rw);
  const def = logos.locator('[data-testid="image-tile"][data-name="default-advertiser-logo.svg"]');
  await expect(def).toHaveAttribute("aria-disabled", "true");
  await def.click({ force: true }); // a press anyway changes nothing
  await expect(def).toHaveAttribute("aria-pressed", "false");
  await expect(logos.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByTestId("image-library-FALLBACK").getByRole("heading", { name: "Fallback images" })).toBeVisible();
  await expect(page.getByTestId("image-library-OVERLAY").getByRole("heading", { name: "Overlay images" })).toBeVisible();
});

test("RO sees no Upload; DEMO sees it disabled", async ({ browser }) => {
  const ro = await browser.newPage();
  const roLogos = await openImages(ro, USERS.ro);
  await expect(roLogos.getByRole("button", { name: "Upload" })).toHaveCount(0);
  await ro.close();
  const demo = await browser.newPage();
  const demoLogos = await openImages(demo, USERS.demo);
  await expect(demoLogos.getByRole("button", { name: "Upload" })).toBeDisabled();
  await demo.close();
});
