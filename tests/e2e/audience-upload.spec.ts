// CRM audiences as users meet them (business.md 3, 5): create a CRM app
// audience, upload a small CSV of device ids on its details page and read
// what was accepted; a remote upload schedule whose URL names its protocol is
// refused beside the field, then saved and shown with its 14-day default.
//
// Reserved for this spec: the CRM audiences it adds under Acme Agency's
// advertiser "NordPay" (named uniquely per run).
import { expect, test, type Page } from "@playwright/test";
import { openWith, signIn, USERS } from "./helpers";

const ADVERTISER = "NordPay";
const field = (page: Page, name: string) => page.locator(`#audience-${name}`);
const CSV = "device_id\n38400000-8cf0-11bd-b23e-10b96e40000d\n6d92078a-8246-4ba4-ae5b-76104861e7dc\nnot-a-device\n38400000-8CF0-11BD-B23E-10B96E40000D\n";

test("a CRM audience: upload a CSV and see what was accepted; a remote schedule with the rules of its URL", async ({ page }) => {
  await signIn(page, USERS.acme, { returnUrl: "/audience" });
  await page.goto("/audience/create");
  const picker = await openWith(field(page, "advertiserId"), page.getByRole("dialog", { name: "Select Advertiser" }));
  await picker.getByTestId("picker-search").fill(ADVERTISER);
  await picker.getByTestId("picker-search").press("Enter");
  await picker.getByRole("radio", { name: ADVERTISER }).check();
  await picker.getByRole("button", { name: "Done" }).click();
  await field(page, "name").fill(`E2E CRM buyers ${Date.now()}`);
  await field(page, "source").selectOption("MOBILE");
  await field(page, "kind").selectOption("CRM");
  await field(page, "osTypeId").selectOption("4");
  await page.getByTestId("audience-save").click();
  await expect(page).toHaveURL(/\/audience\/details\/\d+$/);

  // Another type of file is refused before anything is sent; the CSV is read: 2 accepted, 1 invalid, 1 duplicate.
  const input = page.getByTestId("crm-upload-file-input");
  await input.setInputFiles({ name: "buyers.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
  await expect(page.getByTestId("crm-upload-error")).toHaveText("Unsupported file type: upload a csv, txt, zip or gz file");
  await input.setInputFiles({ name: "buyers.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(page.getByTestId("crm-upload-accepted")).toHaveText("2");
  await expect(page.getByTestId("crm-upload-result")).toContainText("1 invalid line(s), 1 duplicate(s) (header line skipped)");

  // The remote schedule: a URL with its protocol is refused beside the field; without it, saved every 14 days.
  await page.getByTestId("remote-edit").click();
  const dialog = page.getByTestId("remote-schedule-dialog");
  await dialog.locator("#remote-url").fill("sftp://files.example.com/crm/buyers.csv");
  await dialog.locator("#remote-username").fill("crm");
  await dialog.getByTestId("remote-save").click();
  await expect(dialog.locator("#remote-url-error")).toContainText("without a protocol");
  await dialog.locator("#remote-url").fill("files.example.com/crm/buyers.csv");
  await dialog.getByTestId("remote-save").click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("remote-schedule-summary")).toContainText("SFTP files.example.com/crm/buyers.csv");
  await expect(page.getByTestId("remote-schedule-summary")).toContainText("14 day(s)");
});
