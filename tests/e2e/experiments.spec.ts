// A/B experiments as users meet them: create an experiment on a
// campaign with two arms (a split not adding up to 100% is refused beside
// the arms), see both arms' metrics side by side with the difference and its
// significance, start and stop it; the seeded experiment's arms are out of the
// ordinary strategy list; read-only users see no way to change anything.
//
// Reserved for this spec: Acme Agency's campaign "NordPay - Web Leads" and its
// two strategies (the experiment created here is stopped at the end, which
// hands them back), and Default Media's seeded experiment (read only).
import { expect, test, type Locator } from "@playwright/test";
import { signIn, USERS } from "./helpers";

const CAMPAIGN = "NordPay - Web Leads";
const CONTROL = "Web - Finance readers";
const CHALLENGER = "Web - Comparison sites";

/** Picks the option of a strategy select by the strategy's name ("Web - Finance readers (ID 12)"). */
async function chooseStrategy(select: Locator, name: string) {
  const value = await select.locator("option", { hasText: name }).getAttribute("value");
  await select.selectOption(value ?? "");
}

test("create an experiment with two arms, see both arms' metrics side by side, start and stop it", async ({ page }) => {
  const name = `E2E experiment ${Date.now()}`;
  await signIn(page, USERS.acme, { returnUrl: "/experiments" });
  await expect(page.getByRole("heading", { name: "Experiments" })).toBeVisible();
  await page.getByTestId("create-experiment").click();
  await expect(page).toHaveURL(/\/experiment\/create$/);
  await expect(page.getByRole("heading", { name: "New Experiment" })).toBeVisible();

  await page.getByTestId("experiment-campaign").selectOption({ label: `NordPay › ${CAMPAIGN}` });
  await page.getByTestId("experiment-name").fill(name);
  await page.getByTestId("experiment-metric").selectOption("CTR");
  const arms = page.getByTestId("experiment-arm");
  await expect(arms).toHaveCount(2);
  // The campaign's strategies load into the arms' selects.
  await expect(arms.nth(0).getByTestId("experiment-arm-strategy").locator("option", { hasText: CONTROL })).toHaveCount(1);
  await chooseStrategy(arms.nth(0).getByTestId("experiment-arm-strategy"), CONTROL);
  await chooseStrategy(arms.nth(1).getByTestId("experiment-arm-strategy"), CHALLENGER);
  await arms.nth(0).getByTestId("experiment-arm-traffic").fill("60");
  await expect(page.getByTestId("experiment-split")).toHaveText("Traffic split: 110% of 100%");
  await page.getByTestId("experiment-save").click();
  await expect(page.getByTestId("experiment-arms-error")).toHaveText("The traffic split must add up to 100%");
  await expect(page).toHaveURL(/\/experiment\/create$/);
  await arms.nth(0).getByTestId("experiment-arm-traffic").fill("50");
  await page.getByTestId("experiment-save").click();

  await expect(page).toHaveURL(/\/experiment\/details\/\d+$/);
  await expect(page.getByTestId("experiment-title")).toHaveText(name);
  await expect(page.getByTestId("experiment-status")).toHaveText("Draft");
  const rows = page.getByTestId("experiment-arm-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId("experiment-arm-name")).toHaveText([CONTROL, CHALLENGER]);
  for (const i of [0, 1]) {
    await expect(rows.nth(i).getByTestId("experiment-arm-impressions")).toHaveText(/^[\d,.]+[KMB]?$/);
    await expect(rows.nth(i).getByTestId("experiment-arm-clicks")).toHaveText(/^[\d,.]+[KMB]?$/);
    await expect(rows.nth(i).getByTestId("experiment-arm-rate")).toContainText(/%|-/);
  }
  await expect(rows.nth(0).getByTestId("experiment-arm-significance")).toHaveText("Control");
  await expect(rows.nth(1).getByTestId("experiment-arm-significance")).toHaveText(/^(Significant \(\d+\.\d% confidence\)|Not significant yet \(\d+\.\d% confidence\)|Not enough data)$/);

  await page.getByTestId("experiment-start").click();
  await page.getByTestId("experiment-status-dialog").getByTestId("confirm-yes").click();
  await expect(page.getByTestId("experiment-status")).toHaveText("Running");
  await page.getByTestId("experiment-stop").click();
  await page.getByTestId("experiment-status-dialog").getByTestId("confirm-yes").click();
  await expect(page.getByTestId("experiment-status")).toHaveText("Completed");
  await expect(page.getByTestId("experiment-edit")).toBeDisabled();

  await page.goto(`/experiments?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("experiment-name")).toHaveText([name]);
  await expect(page.getByTestId("experiment-status")).toHaveText(["Completed"]);
});

test("the seeded experiment: both arms with delivery, its strategies out of the strategy list; read-only users change nothing", async ({ page }) => {
  await signIn(page, USERS.ro, { returnUrl: "/experiments" });
  await expect(page.getByTestId("create-experiment")).toHaveCount(0);
  await page.getByTestId("experiment-name").filter({ hasText: "Cart abandoners vs mobile deals" }).click();
  await expect(page).toHaveURL(/\/experiment\/details\/\d+$/);
  await expect(page.getByTestId("experiment-status")).toHaveText("Running");
  const rows = page.getByTestId("experiment-arm-row");
  await expect(rows.getByTestId("experiment-arm-name")).toHaveText(["Web - Cart abandoners", "Mobile web - Deals"]);
  for (const i of [0, 1]) await expect(rows.nth(i).getByTestId("experiment-arm-impressions")).not.toHaveText(/^(0|-)$/);
  await expect(page.getByTestId("experiment-pause")).toBeDisabled();
  await expect(page.getByTestId("experiment-stop")).toBeDisabled();
  await expect(page.getByTestId("experiment-edit")).toBeDisabled();

  await page.goto(`/strategy?q=${encodeURIComponent("Cart abandoners")}`);
  await expect(page.getByRole("link", { name: "Web - Cart abandoners" })).toHaveCount(0);
});
