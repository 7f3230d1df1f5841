// Backfill as users meet it (business.md 4, 5, 8): on a seeded
// website audience's details, choose a query template, validate it ('Query
// verified successfully' with the users it selects), confirm the backfill,
// and once the background job ran read 'Audience successfully backfilled'
// and the backfilled unique users.
//
// Reserved for this spec: Default Media's seeded audience "FlyNest - Site
// visitors 30d" (its backfill rules and members).
import { expect, test } from "@playwright/test";
import { signIn, USERS } from "./helpers";

const AUDIENCE = "FlyNest - Site visitors 30d";

test("backfill a website audience: template, validate, confirm, success and the backfilled users", async ({ page }) => {
  await signIn(page, USERS.rw, { returnUrl: "/audience" });
  await page.goto(`/audience?type=web&q=${encodeURIComponent(AUDIENCE)}`);
  const href = await page.getByTestId("audience-row").filter({ hasText: AUDIENCE }).locator('a[href^="/audience/details/"]').first().getAttribute("href");
  await page.goto(href!);

  const section = page.getByTestId("backfill-section");
  await expect(section.getByTestId("backfill-users")).toBeVisible();
  await section.getByTestId("backfill-open").click();
  const dialog = page.getByTestId("backfill-dialog");
  await dialog.locator("#backfill-template").selectOption({ label: "Users who visited a page" });
  // A query without its page text is refused beside the field.
  await dialog.getByTestId("backfill-validate").click();
  await expect(dialog.locator("#backfill-text-error")).toHaveText("Text is required");
  await dialog.locator("#backfill-text").fill("/product");
  await dialog.locator("#backfill-count").fill("2");
  await dialog.getByTestId("backfill-validate").click();
  await expect(dialog.getByTestId("backfill-check")).toHaveText("Query verified successfully");
  await expect(dialog.getByTestId("backfill-check-users")).toHaveText(/^Matching users: [\d,]+$/);

  await dialog.getByTestId("backfill-submit").click();
  await page.getByTestId("backfill-confirm").getByTestId("confirm-yes").click();
  await expect(section.getByTestId("backfill-outcome")).toHaveText("Audience successfully backfilled", { timeout: 60_000 });
  await expect(section.getByTestId("backfill-run-status")).toHaveText("Succeeded");
  await expect(section.getByTestId("backfill-sentence")).toHaveText('Users who visited a page containing "/product" at least 2 times in the last 30 days');
  await expect(section.getByTestId("backfill-users")).toHaveText(/^[1-9][\d,]*$/);
});
