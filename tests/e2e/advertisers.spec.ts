// The advertiser area as users meet it (business.md 2, 4, 5, 8): create with
// bad input then fix it; deactivate and archive with their warnings, after
// which the advertiser's campaigns are gone from the lists; what RO and DEMO
// users can do.
import { expect, test, type Page } from "@playwright/test";
import { signIn, USERS } from "./helpers";
import { png } from "../helpers/images";

async function confirmWarning(page: Page) {
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog.getByText("Warning")).toBeVisible();
  await dialog.getByRole("button", { name: "Yes" }).click();
}

test("create an advertiser: bad input shows messages beside the fields and saves nothing; fixed, it saves", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/advertiser/create" });
  await expect(page.getByRole("heading", { name: "New Advertiser" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Zebra Outfitters");
  await page.getByRole("textbox", { name: "Domain", exact: true }).fill("https://www.zebra-outfitters.com");
  await page.getByLabel("Contact email").fill("ads@zebra");
  await page.getByLabel("Android package name").fill("zebraapp");
  await page.getByTestId("advertiser-save").click();

  await expect(page.getByTestId("adv-domain-error")).toHaveText("Enter the domain without http:// or https://");
  await expect(page.getByTestId("adv-contactEmail-error")).toHaveText("Please enter a valid email");
  await expect(page.getByTestId("adv-androidPhoneBundle-error")).toHaveText(/valid Android package name/);
  await expect(page.getByTestId("adv-declaredAndroidUrl-error")).toHaveText("Declared Android URL is required when an Android package name is set");
  await expect(page.getByTestId("adv-category-error")).toHaveText("Category is required");
  await expect(page.getByTestId("adv-mmp-error")).toHaveText("MMP is required");
  await expect(page).toHaveURL(/\/advertiser\/create$/);

  await page.getByRole("textbox", { name: "Domain", exact: true }).fill("zebra-outfitters.com");
  await page.getByLabel("Contact email").fill("ads@zebra-outfitters.com");
  await page.getByLabel("Contact address").fill("5 Savannah Road, Nairobi");
  await page.getByLabel("Android package name").fill("com.zebra.outfitters");
  await page.getByLabel("Declared Android URL").fill("https://play.google.com/store/apps/details?id=com.zebra.outfitters");
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("Shopping");
  await page.getByLabel("Sub-category").selectOption("Fashion");
  await page.getByLabel("Region").selectOption("MEA");
  await page.getByLabel("MMP").selectOption("Adjust");
  await expect(page.getByTestId("adv-domain-error")).toHaveCount(0);
  await page.getByTestId("advertiser-save").click();

  await expect(page).toHaveURL(/\/advertiser\/details\/\d+$/);
  await expect(page.getByTestId("advertiser-name")).toHaveText("Zebra Outfitters");
  const details = page.getByTestId("advertiser-details");
  await expect(details.locator('[data-field="Domain"]')).toHaveText("zebra-outfitters.com");
  await expect(details.locator('[data-field="MMP"]')).toHaveText("Adjust");
  await expect(page.getByTestId("status")).toHaveAttribute("data-active", "true");

  // Edit: turning dynamic video on asks for its template id; off again asks first and clears it.
  await page.getByTestId("advertiser-edit").click();
  await expect(page.getByRole("heading", { name: "Edit Advertiser" })).toBeVisible();
  await page.getByTestId("adv-dynamicVideoEnabled").check();
  await expect(page.getByLabel("Call to action")).toHaveValue("Shop Now");
  await expect(page.getByLabel("Title length")).toHaveValue("30");
  await page.getByTestId("advertiser-save").click();
  await expect(page.getByTestId("adv-dynamicVideo-templateId-error")).toHaveText("Template id is required");
  await page.getByLabel("Template id").fill("tpl-summer");
  await page.getByTestId("advertiser-save").click();
  await expect(page.getByTestId("advertiser-dynamic-video").locator('[data-field="Template id"]')).toHaveText("tpl-summer");

  await page.getByTestId("advertiser-edit").click();
  // The box stays ticked until the warning is answered; Cancel keeps everything.
  await page.getByTestId("adv-dynamicVideoEnabled").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("adv-dynamicVideoEnabled")).toBeChecked();
  await expect(page.getByLabel("Template id")).toHaveValue("tpl-summer");
  await page.getByTestId("adv-dynamicVideoEnabled").click();
  await confirmWarning(page);
  await expect(page.getByTestId("adv-dynamicVideoEnabled")).not.toBeChecked();
  await expect(page.getByLabel("Template id")).toHaveCount(0);
  await page.getByTestId("advertiser-save").click();
  await expect(page.getByTestId("advertiser-dynamic-video").locator('[data-field="Dynamic video ads"]')).toHaveText("Off");

  // Logo: uploaded into the advertiser's library from the form, chosen, saved.
  await page.getByTestId("advertiser-edit").click();
  await page.getByTestId("adv-logo-choose").click();
  const library = page.getByTestId("image-library-dialog-LOGO");
  await library.getByRole("button", { name: "Upload" }).click();
  const modal = page.getByTestId("image-upload-modal");
  await modal.getByTestId("image-file-input").setInputFiles({ name: "zebra-logo.png", mimeType: "image/png", buffer: png(300, 300) });
  await expect(modal.getByTestId("image-upload-preview")).toHaveCount(1);
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal).toBeHidden();
  await library.locator('[data-testid="image-tile"][data-name="zebra-logo.png"]').click();
  await library.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("adv-logo-preview")).toHaveAttribute("src", /zebra-logo\.png$/);
  await page.getByTestId("advertiser-save").click();
  await expect(page).toHaveURL(/\/advertiser\/details\/\d+$/);
  await expect(page.getByTestId("advertiser-header-logo")).toHaveAttribute("src", /zebra-logo\.png$/);
});

test("deactivate then archive an advertiser: warnings, messages, and its campaigns leave the lists", async ({ page }) => {
  await signIn(page, USERS.acme, { returnUrl: "/campaign" });
  await expect(page.getByText("Velo - App Installs DACH")).toBeVisible();

  await page.goto("/advertiser");
  await page.getByRole("link", { name: "Velo Fitness" }).click();
  await expect(page.getByTestId("advertiser-name")).toHaveText("Velo Fitness");
  await expect(page.getByTestId("advertiser-archive")).toHaveCount(0); // only offered when inactive

  await page.getByTestId("advertiser-deactivate").click();
  await confirmWarning(page);
  await expect(page.getByTestId("advertiser-status-message")).toHaveText("Successfully de-activated advertiser");
  await expect(page.getByTestId("status")).toHaveAttribute("data-active", "false");
  await expect(page.getByTestId("advertiser-status-message")).toHaveCount(0, { timeout: 4000 }); // shown about 1.5 s

  await page.getByTestId("advertiser-archive").click();
  await confirmWarning(page);
  await expect(page.getByTestId("advertiser-status-message")).toHaveText("Successfully archived advertiser");
  await expect(page.getByTestId("archived-badge")).toBeVisible();
  await expect(page.getByTestId("advertiser-activate")).toHaveCount(0);

  await page.goto("/campaign");
  await expect(page.getByText("Velo - App Installs DACH")).toHaveCount(0);
  await expect(page.getByText("Velo - Subscriptions")).toHaveCount(0);
  await page.goto("/advertiser");
  await expect(page.getByRole("link", { name: "Velo Fitness" })).toHaveCount(0);
});

for (const role of ["ro", "demo"] as const) {
  test(`${role.toUpperCase()}: the advertiser's controls are disabled and the form is refused`, async ({ page }) => {
    await signIn(page, USERS[role], { returnUrl: "/advertiser" });
    await page.getByRole("link", { name: "FlyNest Travel" }).click();
    await expect(page.getByTestId("advertiser-name")).toHaveText("FlyNest Travel");
    await expect(page.getByTestId("advertiser-edit")).toBeDisabled();
    const status = page.getByTestId(/advertiser-(activate|deactivate)/).first();
    await expect(status).toBeDisabled();
    // Demo users do not get ANALYTICS (business.md 6); read-only users do.
    await expect(page.getByTestId("tab-analytics")).toHaveCount(role === "demo" ? 0 : 1);
    const id = page.url().split("/").pop();
    await page.goto(`/advertiser/create/${id}`);
    await expect(page.getByTestId("advertiser-read-only")).toBeVisible();
    await expect(page.getByTestId("advertiser-form")).toHaveCount(0);
  });
}

test("ANALYTICS shows the advertiser's tiles, chart and campaigns", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/advertiser" });
  await page.getByRole("link", { name: "Puzzle Peak Games" }).click();
  await page.getByTestId("tab-analytics").click();
  await expect(page).toHaveURL(/\/advertiser\/details\/\d+\/analytics$/);
  await expect(page.getByTestId("analytics-tile-impressions").getByTestId("tile-value")).not.toHaveText("");
  await expect(page.getByTestId("advertiser-campaigns-row").first()).toContainText("Puzzle Peak");
});
