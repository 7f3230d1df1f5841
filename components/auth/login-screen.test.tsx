/**
 * @jest-environment jsdom
 */
// The sign-in screen after a refused session (shell.md 8): /login?expired=1
// says 'Your current session has expired! Please log in again.' above the
// form, on the default theme and on a theme with single sign-on only; a plain
// /login says nothing of the kind.
import { render, screen } from "@testing-library/react";
import { BUILTIN_THEME, type ThemeView } from "@/lib/tenancy/theme";
import { getRequestTheme } from "@/lib/auth/request";
import { LoginScreen } from "./login-screen";

jest.mock("@/lib/auth/session", () => ({ getSessionState: jest.fn(async () => null) }));
jest.mock("@/lib/auth/request", () => ({ getRequestTheme: jest.fn() }));
jest.mock("@/lib/auth/captcha", () => ({ selectCaptcha: () => ({ client: { provider: "altcha", challengeUrl: "/api/captcha" } }) }));
jest.mock("@/lib/sign-in/actions", () => ({ loginAction: jest.fn() }));
jest.mock("./select-licensee-screen", () => ({ SelectLicenseeScreen: () => null }));
// A server component of its own (reads the request's headers): stands in as a plain marker.
jest.mock("./sso-buttons", () => ({ SsoButtons: () => <div data-testid="sso-buttons" /> }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));

const EXPIRED = "Your current session has expired! Please log in again.";
// The built-in theme (Google single sign-on) under the subdomain asked for.
const theme = (subDomain: string): ThemeView => ({ ...BUILTIN_THEME, subDomain });

async function showLogin(params: Record<string, string>, subDomain = "default") {
  jest.mocked(getRequestTheme).mockResolvedValue(theme(subDomain));
  render(await LoginScreen({ searchParams: Promise.resolve(params) }));
}

test("with expired=1 the screen says the session expired, beside the sign-in form", async () => {
  await showLogin({ expired: "1", returnUrl: "/advertiser" });
  expect(screen.getByRole("alert").textContent).toBe(EXPIRED);
  expect(screen.getByLabelText("Email")).toBeTruthy();
});

test("a theme with single sign-on only says it too", async () => {
  await showLogin({ expired: "1" }, "acme");
  expect(screen.getByRole("alert").textContent).toBe(EXPIRED);
  expect(screen.queryByLabelText("Email")).toBeNull();
  expect(screen.getByTestId("sso-buttons")).toBeTruthy();
});

test("a plain sign-in screen has no such message", async () => {
  await showLogin({ returnUrl: "/advertiser" });
  expect(screen.queryByText(EXPIRED)).toBeNull();
  expect(screen.getByLabelText("Email")).toBeTruthy();
});
