// Creatives as users meet them: in a seeded creative set's details
// page, Add Creatives uploads an image (its progress bar shown while the
// server checks it), lists a file of the wrong type and one over the size
// limit with their reasons under their names, saves, and the creative shows in the set's list and in /creative with
// its preview; a video goes into a VIDEO set; a creative is associated with a
// strategy through the dialog and shows on the strategy's page; RO users get
// no Add or Associate controls in the creatives lists and on a creative's page.
//
// Reserved for this spec: the creatives it adds (named uniquely per run) to
// Default Media's "PuzzlePeak Banners" and "PuzzlePeak Gameplay Video" sets,
// and their association with "Android - US - Tier 1".
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openWith, signIn, USERS } from "./helpers";

const FIXTURES = path.join(process.cwd(), "tests/fixtures/creatives");
const IMAGE_SET = "PuzzlePeak Banners";
const VIDEO_SET = "PuzzlePeak Gameplay Video";
const STRATEGY = "Android - US - Tier 1";

async function idFrom(page: Page, listPath: string, name: string, detailsPrefix: string): Promise<number> {
  await page.goto(`${listPath}?q=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  const id = Number(new RegExp(`^${detailsPrefix}(\\d+)$`).exec(href ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

/** Answers the upload only after a pause, so the progress bar of the file being checked can be seen. */
async function slowUploads(page: Page) {
  await page.route("**/v2/api/upload/creative", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
}

/** The seeded advertiser's second click destination (the row starts with its set's, the first). */
const CLICK_DESTINATION = "PuzzlePeak - Website landing";

async function completeRow(page: Page, name: string) {
  const row = page.getByTestId("new-creative-row").last();
  await row.getByLabel("Name").fill(name);
  // Every creative needs a click destination (business.md 5): the row starts with the set's; another is chosen here.
  await expect(row.getByLabel("Click destination")).not.toHaveValue("");
  await row.getByLabel("Click destination").selectOption({ label: CLICK_DESTINATION });
  await row.getByLabel("KKTU code").fill("KKTU-2026");
  await row.getByLabel("Person").fill("Alice Smith");
  await row.getByLabel("ER id").fill("ER-123456");
}

test("add an image and a video through the dialog, see them in the lists with their preview, associate one with a strategy", async ({ page }) => {
  const run = Date.now();
  const imageName = `E2E banner ${run}`;
  const videoName = `E2E video ${run}`;
  // Two uploads, two saves and an association: over a minute on a loaded 2-core CI machine
  // (it timed out at 60 s on the strategy's page, the last step, in two CI runs).
  test.setTimeout(180_000);
  await signIn(page, USERS.rw);
  await slowUploads(page);

  // An image into the image set: the wrong file refused under its name, the right one with its progress bar.
  const imageSetId = await idFrom(page, "/creative_set", IMAGE_SET, "/creative_set/details/");
  await page.goto(`/creative_set/details/${imageSetId}`);
  const dialog = await openWith(page.getByTestId("add-creatives"), page.getByTestId("add-creatives-dialog"));
  await dialog.getByTestId("creative-file-input").setInputFiles(path.join(FIXTURES, "not-an-image.png"));
  const refused = dialog.getByTestId("creative-upload-row").filter({ hasText: "not-an-image.png" });
  await expect(refused.getByTestId("creative-upload-error")).toContainText("unsupported type");
  // A file over the image limit (5,120,000 bytes) is refused under its name, the others unaffected.
  await dialog.getByTestId("creative-file-input").setInputFiles({ name: "huge-banner.png", mimeType: "image/png", buffer: Buffer.alloc(5_200_000, 1) });
  const tooLarge = dialog.getByTestId("creative-upload-row").filter({ hasText: "huge-banner.png" });
  await expect(tooLarge.getByTestId("creative-upload-error")).toContainText("size exceeds limit");
  // The upload's answer is held until the progress bar has been seen: on a quiet machine a small file is stored before the page can look.
  let answerUpload = () => {};
  const uploadHeld = new Promise<void>((resolve) => (answerUpload = resolve));
  await page.route("**/v2/api/upload/creative", async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await dialog.getByTestId("creative-file-input").setInputFiles(path.join(FIXTURES, "banner-300x250.png"));
  const accepted = dialog.getByTestId("creative-upload-row").filter({ hasText: "banner-300x250.png" });
  await expect(accepted.getByRole("progressbar")).toBeVisible();
  answerUpload();
  await expect(accepted).toContainText("300x250");
  await page.unroute("**/v2/api/upload/creative");
  await expect(dialog.getByTestId("new-creative-row")).toHaveCount(1);
  await completeRow(page, imageName);
  await dialog.getByTestId("save-creatives").click();
  await expect(page.getByTestId("add-creatives-dialog")).toHaveCount(0);
  const inSet = page.getByTestId("creative-set-creatives");
  await expect(inSet.getByRole("link", { name: imageName, exact: true })).toBeVisible();

  // In /creative with its preview and size.
  await page.goto(`/creative?q=${encodeURIComponent(imageName)}`);
  const row = page.getByTestId("creative-row").filter({ hasText: imageName });
  await expect(row.getByTestId("creative-preview-image")).toBeVisible();
  await expect(row.getByTestId("creative-size")).toHaveText("300x250");

  // A video into the video set.
  const videoSetId = await idFrom(page, "/creative_set", VIDEO_SET, "/creative_set/details/");
  await page.goto(`/creative_set/details/${videoSetId}`);
  const videoDialog = await openWith(page.getByTestId("add-creatives"), page.getByTestId("add-creatives-dialog"));
  await videoDialog.getByTestId("creative-file-input").setInputFiles(path.join(FIXTURES, "video-800k.mp4"));
  const video = videoDialog.getByTestId("creative-upload-row").filter({ hasText: "video-800k.mp4" });
  await expect(video.getByRole("progressbar")).toBeVisible();
  await expect(videoDialog.getByTestId("new-creative-row")).toHaveCount(1);
  await completeRow(page, videoName);
  await videoDialog.getByTestId("save-creatives").click();
  await expect(page.getByTestId("add-creatives-dialog")).toHaveCount(0);
  await expect(page.getByTestId("creative-set-creatives").getByRole("link", { name: videoName, exact: true })).toBeVisible();
  await page.goto(`/creative?q=${encodeURIComponent(videoName)}`);
  await expect(page.getByTestId("creative-row").filter({ hasText: videoName }).getByTestId("creative-preview-video")).toBeVisible();

  // Associate the image with a strategy from its details page; the strategy's page names it.
  const creativeId = await idFrom(page, "/creative", imageName, "/creative/details/");
  await page.goto(`/creative/details/${creativeId}`);
  await expect(page.getByTestId("creative-fields")).toContainText(CLICK_DESTINATION);
  const associate = await openWith(page.getByTestId("associate-strategies"), page.getByRole("dialog", { name: "Associate Strategies" }));
  await associate.getByLabel("Search strategies").fill(STRATEGY);
  await associate.getByLabel(`Associate with ${STRATEGY}`).check();
  await associate.getByTestId("associate-strategies-save").click();
  await expect(page.getByRole("dialog", { name: "Associate Strategies" })).toHaveCount(0);
  const strategyId = await idFrom(page, "/strategy", STRATEGY, "/strategy/details/");
  await page.goto(`/strategy/details/${strategyId}`);
  await expect(page.getByText(imageName)).toBeVisible();
});

test("read-only users see the set's creatives without Add Creatives or Associate Strategies", async ({ page }) => {
  await signIn(page, USERS.ro);
  const setId = await idFrom(page, "/creative_set", IMAGE_SET, "/creative_set/details/");
  await page.goto(`/creative_set/details/${setId}`);
  await expect(page.getByTestId("creative-set-creatives").getByTestId("creative-row").first()).toBeVisible();
  await expect(page.getByTestId("add-creatives")).toHaveCount(0);
  await expect(page.getByTestId("creative-set-creatives").getByTestId("associate-strategies")).toHaveCount(0);
  await page.goto("/creative");
  await expect(page.getByTestId("creative-row").first()).toBeVisible();
  await expect(page.getByTestId("associate-strategies")).toHaveCount(0);
  const creativeId = Number(/\/creative\/details\/(\d+)$/.exec((await page.getByTestId("creative-name").first().getAttribute("href")) ?? "")?.[1]);
  expect(creativeId).toBeGreaterThan(0);
  await page.goto(`/creative/details/${creativeId}`);
  await expect(page.getByTestId("creative-header")).toBeVisible();
  await expect(page.getByTestId("associate-strategies")).toHaveCount(0);
});
