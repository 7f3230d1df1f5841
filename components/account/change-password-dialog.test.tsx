/**
 * @jest-environment jsdom
 */
// The dialog as the user meets it: a forced change cannot be dismissed, rules
// show after the pause, Save waits for a valid form, and the server's
// 'Old password do not match' lands under the old-password field.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ChangePasswordDialog } from "./change-password-dialog";
import { changePasswordAction } from "@/lib/account/actions";
import { fillPasswordChange, typeInto } from "@/tests/helpers/password-dialog";

jest.mock("@/lib/account/actions", () => ({
  changePasswordAction: jest.fn(),
  endSessionAction: jest.fn(),
}));
const action = changePasswordAction as jest.MockedFunction<typeof changePasswordAction>;

function open(closable: boolean) {
  const onClose = jest.fn();
  const onChanged = jest.fn();
  render(<ChangePasswordDialog open closable={closable} onClose={onClose} onChanged={onChanged} />);
  return { onClose, onChanged };
}

const save = () => screen.getByRole("button", { name: "Save" });

test("a forced change offers 'Sign out' instead of Cancel and ignores Escape", () => {
  const { onClose } = open(false);
  expect(screen.getByRole("heading", { name: "Change Password" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  fireEvent.keyDown(screen.getByTestId("change-password-dialog"), { key: "Escape" });
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByTestId("change-password-dialog")).toBeTruthy();
});

test("a closable dialog has Cancel, and Escape closes it", () => {
  const { onClose } = open(true);
  fireEvent.keyDown(screen.getByTestId("change-password-dialog"), { key: "Escape" });
  expect(onClose).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(onClose).toHaveBeenCalledTimes(2);
});

test("messages appear only after the 500 ms pause, for typed fields; Save waits for a valid form", async () => {
  jest.useFakeTimers();
  try {
    open(true);
    typeInto("New Password", "abc");
    await act(async () => jest.advanceTimersByTime(400));
    expect(screen.queryByTestId("new-password-error")).toBeNull();
    await act(async () => jest.advanceTimersByTime(100));
    await waitFor(() =>
      expect(screen.getByTestId("new-password-error").textContent).toBe("Password should contain atleast 8 characters."),
    );
    expect(screen.queryByTestId("old-password-error")).toBeNull();
    expect((save() as HTMLButtonElement).disabled).toBe(true);

    fillPasswordChange("Wrong@9876");
    expect((save() as HTMLButtonElement).disabled).toBe(true); // still within the pause
    await act(async () => jest.advanceTimersByTime(500));
    await waitFor(() => expect((save() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId("new-password-error")).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

test("the server's wrong-old-password answer shows under the old password", async () => {
  action.mockResolvedValue({ ok: false, status: 400, fieldErrors: { oldPassword: "Old password do not match" } });
  const { onChanged } = open(true);
  fillPasswordChange("Wrong@9876");
  await waitFor(() => expect((save() as HTMLButtonElement).disabled).toBe(false), { timeout: 2000 });
  fireEvent.click(save());
  await waitFor(() => expect(screen.getByTestId("old-password-error").textContent).toBe("Old password do not match"));
  expect(action).toHaveBeenCalledWith({ oldPassword: "Wrong@9876", newPassword: "Kite@9river", confirmPassword: "Kite@9river" });
  expect(onChanged).not.toHaveBeenCalled();
});

test("the dialog says that a change also revokes the user's API keys", () => {
  open(true);
  expect(screen.getByTestId("change-password-keys-note").textContent).toBe("This also revokes your API keys.");
});
