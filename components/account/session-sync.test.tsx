/**
 * @jest-environment jsdom
 */
// A forced password change (shell.md 2.3): once signed in, the dialog opens by
// itself and cannot be closed (no Cancel, no Escape, no click outside), only
// left by 'Sign out' or by changing the password.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SessionSync } from "./session-sync";
import { changePasswordAction } from "@/lib/account/actions";
import { loadPage, signOutAllTabs } from "./session-events";
import type { AccountDoubles } from "@/tests/helpers/account-doubles";
import { submitPasswordChange } from "@/tests/helpers/password-dialog";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn(), replace: jest.fn() }) }));
jest.mock("@/lib/account/actions", () => {
  const doubles = jest.requireActual<AccountDoubles>("@/tests/helpers/account-doubles");
  return doubles.actionDoubles("changePasswordAction", ...doubles.SIGN_OUT_ACTIONS);
});
jest.mock("./session-events", () =>
  jest.requireActual<AccountDoubles>("@/tests/helpers/account-doubles").sessionEventsDouble({ signOutAllTabs: jest.fn(async () => {}), loadPage: jest.fn() }),
);
const action = changePasswordAction as jest.MockedFunction<typeof changePasswordAction>;

beforeEach(() => jest.clearAllMocks());

test("the dialog opens by itself when the change is forced, and only 'Sign out' leaves it", () => {
  render(<SessionSync licenseeId={1} forcePasswordChange />);
  const dialog = screen.getByTestId("change-password-dialog");
  expect(screen.getByRole("heading", { name: "Change Password" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();

  fireEvent.keyDown(dialog, { key: "Escape" });
  fireEvent.pointerDown(document.body);
  expect(screen.getByTestId("change-password-dialog")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
  expect(signOutAllTabs).toHaveBeenCalledTimes(1);
});

test("no dialog when no change is required", () => {
  render(<SessionSync licenseeId={1} forcePasswordChange={false} />);
  expect(screen.queryByTestId("change-password-dialog")).toBeNull();
});

test("after the forced change: 'Password changed successfully', and the dialog goes away", async () => {
  action.mockResolvedValue({ ok: true, data: { message: "Password changed successfully", ticket: "t".repeat(43) } });
  render(<SessionSync licenseeId={1} forcePasswordChange />);
  await submitPasswordChange("Zebra#2024");
  expect((await screen.findByTestId("account-notice")).textContent).toBe("Password changed successfully");
  await waitFor(() => expect(screen.queryByTestId("change-password-dialog")).toBeNull());
  expect(refresh).toHaveBeenCalled();
});

/** What another tab broadcasts (session-events.ts), as the storage event carries it. */
function otherTabSays(event: object) {
  const newValue = JSON.stringify({ ...event, id: crypto.randomUUID() });
  window.dispatchEvent(new StorageEvent("storage", { key: "dsp.session.event", newValue }));
}

test("another tab signs out: this one loads the sign-in page", () => {
  render(<SessionSync licenseeId={1} forcePasswordChange={false} />);
  otherTabSays({ type: "signout" });
  expect(loadPage).toHaveBeenCalledWith("/login");
});

test("another tab found the session expired: this one's sign-in page says so and leads back here", () => {
  window.history.replaceState(null, "", "/campaign?status=active");
  render(<SessionSync licenseeId={1} forcePasswordChange={false} />);
  otherTabSays({ type: "signout", expired: true });
  expect(loadPage).toHaveBeenCalledWith(`/login?returnUrl=${encodeURIComponent("/campaign?status=active")}&expired=1`);
  // No dialog waits for a press: the page load is the only way out.
  expect(screen.queryByRole("alertdialog")).toBeNull();
});
