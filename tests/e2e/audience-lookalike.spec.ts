// Look-alike audiences and the conversion estimator as users meet them
//: create a look-alike of a seeded audience, see it computing (or
// already done) and then LIVE once the background job ran (the details page
// reloads itself), refresh it, then estimate reach and installs on
// /audience/analysis.
//
// Reserved for this spec: the look-alikes it adds under Acme Agency's
// advertiser "NordPay" (named uniquely per run). The seeded "NordPay - App
// purchasers" audience holds the seeded users who bought in the app.
import { expect, test, type Page } from "@playwright/test";
import { pickAdvertiser, signIn, USERS } from "./helpers";

const ADVERTISER = "NordPay";
const field = (page: Page, name: string) => page.locator(`#audience-${name}`);

test("a look-alike of app purchasers goes LIVE with users once its job ran, and again after a refresh; the estimator's reach and how it estimates", async ({ page }) => {
  const name = `E2E purchasers look-alike ${Date.now()}`;
  await signIn(page, USERS.acme, { returnUrl: "/audience" });
  await page.goto("/audience/create");
  await pickAdvertiser(page, field(page, "advertiserId"), ADVERTISER);
  await field(page, "name").fill(name);
  await field(page, "source").selectOption("LOOK_ALIKE");
  await expect(field(page, "seedAudienceId")).toBeEnabled();
  await field(page, "seedAudienceId").selectOption({ label: `${ADVERTISER} - App purchasers` });
  // The size is checked beside its field before anything is saved.
  await field(page, "lookAlikeSize").fill("20");
  await page.getByTestId("audience-save").click();
  await expect(page.locator("#audience-lookAlikeSize-error")).toHaveText("Look-alike size must be at most 10%");
  await field(page, "lookAlikeSize").fill("10");
  await page.getByTestId("audience-save").click();
  await expect(page).toHaveURL(/\/audience\/details\/\d+$/);

  // The job may already have finished by the time the page renders (it polls every 2 s): computing or live, never failed.
  const status = page.getByTestId("lookalike-status");
  await expect(status).toHaveText(/^(IN_PROCESSING|LIVE)$/);
  await expect(status).toHaveText("LIVE", { timeout: 60_000 });
  await expect(page.getByTestId("lookalike-size")).toHaveText("10% of the advertiser's other users");
  await expect(page.getByTestId("lookalike-users")).not.toHaveText("0");

  // A refresh computes it again (the question closes once it is accepted; the job may finish before the page shows IN_PROCESSING).
  await page.getByTestId("lookalike-refresh").click();
  const question = page.getByTestId("lookalike-confirm");
  await question.getByRole("button", { name: "Refresh" }).click();
  await expect(question).toBeHidden();
  await expect(status).toHaveText("LIVE", { timeout: 60_000 });

  // The estimator, for the same advertiser: target the look-alike, block the seed.
  const advertiserId = (await page.getByTestId("audience-advertiser-link").getAttribute("href"))!.split("/").pop();
  await page.goto(`/audience/analysis?advertiserId=${advertiserId}`);
  await page.getByTestId("estimator-submit").click();
  await expect(page.locator("#estimator-targetIds-error")).toHaveText("Choose at least one target audience");
  await page.getByTestId("estimator-targetIds").getByRole("checkbox", { name: new RegExp(name) }).check();
  await page.getByTestId("estimator-blockedIds").getByRole("checkbox", { name: new RegExp(`${ADVERTISER} - App purchasers`) }).check();
  await page.locator("#estimator-goal").selectOption("INSTALL");
  await page.getByTestId("estimator-submit").click();
  await expect(page.getByTestId("estimator-reach")).not.toHaveText("0");
  await expect(page.getByTestId("estimator-audience-row")).toContainText(name);
  await expect(page.getByTestId("daily-chart")).toHaveAttribute("data-points", "30");
  await expect(page.getByTestId("estimator-how")).toContainText("How this is estimated");
});
