// Sign-in (shell.md 2.2, 4, 5, 8): the e-mailed second factor with its
// countdown, the captcha after repeated failures, the form only on the default
// theme, and the form's validation. Needs the server to mail through
// SMTP_URL=smtp://127.0.0.1:<E2E_SMTP_PORT> (see signin-helpers.ts).
// Failures use throw-away addresses: no demo account ever gets the captcha.
import { test, expect, type Page } from "@playwright/test";
import type { SmtpSink } from "../helpers/smtp";
import { codeFromMail } from "../helpers/smtp";
import { signIn, USERS } from "./helpers";
import { openMailbox, signInWithCode, submitPassword } from "./signin-helpers";

let mailbox: SmtpSink;

test.beforeAll(async () => {
  mailbox = await openMailbox();
});

test.afterAll(async () => {
  await mailbox?.close();
});

function throwAwayEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@throwaway.test`;
}

async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.getByText(/^Time to re-send code: \d+$/).textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

test("second factor: the code mailed to the user signs in, with the countdown running", async ({ page }) => {
  const since = Date.now();
  await page.goto(`/login?returnUrl=${encodeURIComponent("/advertiser")}`);
  await submitPassword(page, USERS.otp);

  await expect(page.getByRole("heading", { name: "Enter Verification Code" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveCount(0);
  await expect(page.getByText(/^Time to re-send code: \d+$/)).toBeVisible();
  const first = await countdownSeconds(page);
  expect(first).toBeGreaterThan(200);
  expect(first).toBeLessThanOrEqual(300);
  await expect.poll(() => countdownSeconds(page), { timeout: 5_000 }).toBeLessThan(first);
  await expect(page.getByRole("button", { name: "Re-send code" })).toHaveCount(0);

  // Validation messages of shell.md 5, before anything is sent.
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page.getByTestId("otp-field-error")).toHaveText("Please enter the OTP sent to your registered email.");
  await page.getByLabel("Verification Code", { exact: true }).fill("12");
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page.getByTestId("otp-field-error")).toHaveText("Invalid OTP. Please enter all 6 digits of the OTP.");

  const code = codeFromMail(await mailbox.waitFor(USERS.otp, { since }));
  expect(code).toMatch(/^\d{6}$/);
  // One wrong code: the server says so, and the attempt goes on.
  await page.getByLabel("Verification Code", { exact: true }).fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page.getByTestId("otp-error")).toHaveText("Incorrect verification code. Please try again.");

  await page.getByLabel("Verification Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(page.getByRole("heading", { name: "Advertisers" })).toBeVisible();
});

test("second factor: Back to Login returns to the form, and that attempt's code no longer works", async ({ page }) => {
  const since = Date.now();
  await page.goto("/login");
  await submitPassword(page, USERS.otp);
  await expect(page.getByRole("heading", { name: "Enter Verification Code" })).toBeVisible();
  const code = codeFromMail(await mailbox.waitFor(USERS.otp, { since }));

  await page.getByRole("button", { name: "Back to Login" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();

  // A new attempt: the previous attempt's code is refused (unless the new code happens to be the same).
  const again = Date.now();
  await submitPassword(page, USERS.otp);
  await expect(page.getByRole("heading", { name: "Enter Verification Code" })).toBeVisible();
  const fresh = codeFromMail(await mailbox.waitFor(USERS.otp, { since: again }));
  if (fresh !== code) {
    await page.getByLabel("Verification Code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Validate" }).click();
    await expect(page.getByTestId("otp-error")).toHaveText("Incorrect verification code. Please try again.");
  }
  await page.getByLabel("Verification Code", { exact: true }).fill(fresh);
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("the signIn helper with the mailbox works for the second-factor user", async ({ page }) => {
  await signInWithCode(page, mailbox, USERS.otp, { returnUrl: "/home" });
  await expect(page).toHaveURL(/\/home$/);
});

test("captcha: shown after repeated wrong passwords, and required before the next try", async ({ page }) => {
  test.setTimeout(120_000); // the browser solves a proof of work
  const email = throwAwayEmail("captcha");
  await page.goto("/login");
  for (let i = 1; i <= 2; i++) {
    await submitPassword(page, email, "Wrong@12345");
    await expect(page.getByTestId("login-error")).toHaveText("Username or password is incorrect");
    await expect(page.getByTestId("captcha")).toHaveCount(0);
  }
  await submitPassword(page, email, "Wrong@12345");
  await expect(page.getByTestId("login-error")).toHaveText("Username or password is incorrect");
  await expect(page.getByTestId("captcha")).toBeVisible();
  await expect(page.getByText("I'm not a robot")).toBeVisible();

  // Submitting without solving it: the form says so and nothing is sent.
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("captcha-error")).toHaveText("Please complete the captcha");

  // Solved in the browser (proof of work), the next try reaches the password check again.
  // The widget draws its own check mark over the box: click the label, as a person would.
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("captcha-error")).toHaveCount(0);
  // (The unsolved submit above cleared the earlier server message.)
  await expect(page.getByTestId("login-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Username or password is incorrect");
  // Still demanded for this account, with a fresh, unsolved captcha.
  await expect(page.getByLabel("I'm not a robot")).not.toBeChecked();
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("captcha-error")).toHaveText("Please complete the captcha");
});

test("the e-mail and password form shows only on the default theme", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with okta" })).toHaveCount(0);

  const port = new URL(test.info().project.use.baseURL!).port;
  await page.goto(`http://acme.localhost:${port}/login`);
  await expect(page.getByRole("button", { name: "Sign in with okta" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByTestId("sso-separator")).toHaveText("or");
  await expect(page.getByLabel("Email")).toHaveCount(0);
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Login", exact: true })).toHaveCount(0);
});

test("form validation: messages beside the fields", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("email-error")).toHaveText("Email is required");
  await expect(page.getByTestId("password-error")).toHaveText("Password is required");

  await page.getByLabel("Email").fill("jane@");
  await page.getByLabel("Password", { exact: true }).fill("anything");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("email-error")).toHaveText("Please enter a valid email");
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-describedby", "login-email-error");
  await expect(page.getByTestId("password-error")).toHaveCount(0);
  await expect(page.getByTestId("login-error")).toHaveCount(0);
});

test("password show/hide and 'Forgot your password?'", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("Secret@123");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  await page.getByRole("button", { name: "Forgot your password?" }).click();
  const dialog = page.getByTestId("forgot-password-dialog");
  await expect(dialog).toContainText("Please contact your administrator to reset your password!!");
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(dialog).toHaveCount(0);
});

test("returnUrl is followed only to same-site paths; signed in, the sign-in page redirects home", async ({ page }) => {
  await signIn(page, USERS.ro, { returnUrl: "https://evil.test/phish" });
  await expect(page).toHaveURL(/\/home$/);

  // The text is on the page the server sends; the browser then moves on at once.
  const html = await (await page.request.get("/login")).text();
  expect(html).toContain("Redirecting to home page...");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/home$/);
});
