// Sign-in helpers for browser tests that need the e-mailed code. The server
// started by playwright.config.ts sends mail to SMTP_URL=smtp://127.0.0.1:<E2E_SMTP_PORT>
// (2525 unless set); a spec opens the mailbox there (one spec at a time: the
// port can be bound by one worker only) and reads the code from the mail.
import { expect, type Page } from "@playwright/test";
import { codeFromMail, startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { DEMO_PASSWORD } from "./helpers";

export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);

/**
 * Opens the mailbox on E2E_SMTP_PORT. Specs that read mail may run at the same
 * time in two workers: while the other holds the port, wait for it (up to
 * `waitMs`) rather than fail.
 */
export async function openMailbox(waitMs = 180_000): Promise<SmtpSink> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await startSmtpSink(E2E_SMTP_PORT);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > until) throw e;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Fills and submits the password form of the page already open (does not wait for the outcome). */
export async function submitPassword(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Password, then the code from the mail; lands on returnUrl or /home. */
export async function signInWithCode(page: Page, mailbox: SmtpSink, email: string, opts: { returnUrl?: string } = {}) {
  const since = Date.now();
  await page.goto(`/login${opts.returnUrl ? `?returnUrl=${encodeURIComponent(opts.returnUrl)}` : ""}`);
  await submitPassword(page, email);
  await expect(page.getByRole("heading", { name: "Enter Verification Code" })).toBeVisible();
  const code = codeFromMail(await mailbox.waitFor(email, { since }));
  await page.getByLabel("Verification Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
