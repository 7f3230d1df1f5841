/**
 * @jest-environment jsdom
 */
// /change-password (shell.md 2.1, 2.3, 8): the dialog is open on arrival and
// closable; a change shows 'Password changed successfully'; a wrong old
// password shows 'Old password do not match' under that field; Cancel goes home.
import { fireEvent, render, screen } from "@testing-library/react";
import { ChangePasswordRoute } from "./change-password-route";
import { changePasswordAction } from "@/lib/account/actions";
import { adoptSession } from "./session-events";
import type { AccountDoubles } from "@/tests/helpers/account-doubles";
import { submitPasswordChange } from "@/tests/helpers/password-dialog";

const replace = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace }) }));
jest.mock("@/lib/account/actions", () => {
  const doubles = jest.requireActual<AccountDoubles>("@/tests/helpers/account-doubles");
  return doubles.actionDoubles("changePasswordAction", ...doubles.SIGN_OUT_ACTIONS);
});
jest.mock("./session-events", () => jest.requireActual<AccountDoubles>("@/tests/helpers/account-doubles").sessionEventsDouble());
const action = changePasswordAction as jest.MockedFunction<typeof changePasswordAction>;

beforeEach(() => jest.clearAllMocks());

test("a successful change says 'Password changed successfully'", async () => {
  action.mockResolvedValue({ ok: true, data: { message: "Password changed successfully", ticket: "t".repeat(43) } });
  render(<ChangePasswordRoute />);
  expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy(); // closable: not a forced change
  await submitPasswordChange("Zebra#2024");
  expect((await screen.findByTestId("change-password-result")).textContent).toBe("Password changed successfully");
  expect(screen.queryByTestId("change-password-dialog")).toBeNull();
  expect(adoptSession).toHaveBeenCalledWith("t".repeat(43));
  expect(action).toHaveBeenCalledWith({ oldPassword: "Zebra#2024", newPassword: "Kite@9river", confirmPassword: "Kite@9river" });
});

test("a wrong old password says 'Old password do not match' and keeps the dialog open", async () => {
  action.mockResolvedValue({ ok: false, status: 400, fieldErrors: { oldPassword: "Old password do not match" } });
  render(<ChangePasswordRoute />);
  await submitPasswordChange("Wrong#2024");
  expect((await screen.findByTestId("old-password-error")).textContent).toBe("Old password do not match");
  expect(screen.getByTestId("change-password-dialog")).toBeTruthy();
  expect(screen.queryByTestId("change-password-result")).toBeNull();
});

test("Cancel goes home", () => {
  render(<ChangePasswordRoute />);
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(replace).toHaveBeenCalledWith("/home");
});
