import { defineConfig, devices } from "@playwright/test";

// E2E against `next build && next start` on a fresh embedded database with the
// demo data. Debian's Chromium is used: Playwright cannot download browsers here.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: ".ci/out/e2e.json" }]]
    : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // A fresh PGlite directory per run: migrate, seed, build if needed, serve.
    command: `rm -rf .data/e2e-${PORT} && node scripts/start.mjs`,
    url: `${BASE_URL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    env: {
      DATABASE_URL: `pglite:./.data/e2e-${PORT}`,
      PORT: String(PORT),
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      LOG_LEVEL: "warn",
      // The second-factor specs run an smtp-server here and read the code from the mail.
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2525}`,
      // Every browser test comes from the same loopback address (TRUST_PROXY_HOPS unset,
      // so 0: the connection's own address): the per-client captcha limit would
      // otherwise trip on the suite's own deliberate wrong passwords.
      CAPTCHA_CLIENT_THRESHOLD: "1000",
      // Equals the client secret of the oidc-provider stand-in for Okta (tests/e2e/oidc-provider.ts).
      OKTA_CLIENT_SECRET: "e2e-okta-client-secret-0123456789",
    },
    stdout: "pipe",
    stderr: "pipe",
  },
});
