// `npm run docs:screenshots`: the README's pictures of the main screens, taken
// by scripts/docs-screenshots.spec.ts on the server the browser tests start
// (playwright.config.ts: a fresh embedded database with the demo data, built
// when NEXT_DIST_DIR has no build). A config of its own, outside tests/e2e, so
// `npm run test:e2e` never takes pictures and this never runs the tests.
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import e2e from "../playwright.config";

const ROOT = path.resolve(__dirname, "..");

export default defineConfig({
  ...e2e,
  testDir: __dirname,
  testMatch: /docs-screenshots\.spec\.ts$/,
  outputDir: path.join(ROOT, "test-results", "docs-screenshots"),
  // One page after another: the pictures are taken in the order the README shows them.
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [["list"]],
  projects: [
    {
      name: "docs",
      // A laptop screen at one device pixel per CSS pixel: 1440x900 PNGs.
      use: { ...devices["Desktop Chrome"], channel: undefined, viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    ...(e2e.webServer as Exclude<NonNullable<typeof e2e.webServer>, unknown[]>),
    // The tests' config lives at the root and its command uses paths from there.
    cwd: ROOT,
    // A first run builds (several minutes on a small machine) before serving.
    timeout: 900_000,
  },
});
