/**
 * @jest-environment jsdom
 */
// The two-factor switch as the user meets it: turning it on only asks;
// turning it off also asks for the current password, keeps the question open
// with the server's answer beside the field when the password is missing or
// wrong, and Cancel flips the switch back after 200 ms (shell.md 4).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { TwoFactorToggle, TWO_FACTOR_REVERT_MS } from "./two-factor-toggle";
import { setTwoFactorAction } from "@/lib/account/actions";

jest.mock("@/lib/account/actions", () => ({ setTwoFactorAction: jest.fn() }));
const action = setTwoFactorAction as jest.MockedFunction<typeof setTwoFactorAction>;

beforeEach(() => action.mockReset());

function renderToggle(enabled: boolean) {
  const onSaved = jest.fn();
  const onMessage = jest.fn();
  render(<TwoFactorToggle enabled={enabled} itemRole="switch" className="" onSaved={onSaved} onMessage={onMessage} />);
  return { onSaved, onMessage, toggle: screen.getByTestId("two-factor-toggle") };
}

const yes = () => fireEvent.click(screen.getByRole("button", { name: "Yes" }));

test("turning it on asks without a password field, then saves", async () => {
  action.mockResolvedValue({ ok: true, data: { enabled: true, message: "Two-factor authentication enabled" } });
  const { toggle, onSaved, onMessage } = renderToggle(false);
  fireEvent.click(toggle);
  expect(toggle.getAttribute("aria-checked")).toBe("true");
  expect(screen.getByTestId("confirm-dialog").textContent).toContain("enable two-factor authentication");
  expect(screen.queryByLabelText("Current Password")).toBeNull();
  yes();
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(true));
  expect(action).toHaveBeenCalledWith({ enabled: true, password: undefined });
  expect(onMessage).toHaveBeenCalledWith("success", "Two-factor authentication enabled");
  await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
});

test("turning it off asks for the password; a wrong one is answered beside the field and the question stays", async () => {
  action.mockResolvedValueOnce({ ok: false, status: 400, formError: "Please correct the highlighted fields.", fieldErrors: { password: "Password is incorrect" } });
  const { toggle, onSaved, onMessage } = renderToggle(true);
  fireEvent.click(toggle);
  expect(toggle.getAttribute("aria-checked")).toBe("false");
  const field = screen.getByLabelText("Current Password");
  expect(document.activeElement).toBe(field);
  fireEvent.change(field, { target: { value: "Wrong#2024" } });
  yes();
  await waitFor(() => expect(screen.getByTestId("two-factor-password-error").textContent).toBe("Password is incorrect"));
  expect(action).toHaveBeenCalledWith({ enabled: false, password: "Wrong#2024" });
  expect(field.getAttribute("aria-invalid")).toBe("true");
  expect(field.getAttribute("aria-describedby")).toBe("two-factor-password-error");
  expect(screen.getByTestId("confirm-dialog")).toBeTruthy();
  expect(onSaved).not.toHaveBeenCalled();
  expect(onMessage).not.toHaveBeenCalled();

  // Typing clears the message; Enter in the field answers Yes.
  action.mockResolvedValueOnce({ ok: true, data: { enabled: false, message: "Two-factor authentication disabled" } });
  fireEvent.change(field, { target: { value: "Zebra#2024" } });
  expect(screen.queryByTestId("two-factor-password-error")).toBeNull();
  fireEvent.submit(field.closest("form")!);
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(false));
  expect(action).toHaveBeenLastCalledWith({ enabled: false, password: "Zebra#2024" });
  expect(onMessage).toHaveBeenCalledWith("success", "Two-factor authentication disabled");
});

test("Cancel after a refused password flips the switch back after 200 ms and forgets the password", async () => {
  jest.useFakeTimers();
  try {
    action.mockResolvedValue({ ok: false, status: 400, fieldErrors: { password: "Please enter your current password" } });
    const { toggle } = renderToggle(true);
    fireEvent.click(toggle);
    yes();
    await act(async () => undefined);
    expect(screen.getByTestId("two-factor-password-error").textContent).toBe("Please enter your current password");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await act(async () => jest.advanceTimersByTime(TWO_FACTOR_REVERT_MS - 1));
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    await act(async () => jest.advanceTimersByTime(1));
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    // Asked again: an empty field and no old message.
    fireEvent.click(toggle);
    expect((screen.getByLabelText("Current Password") as HTMLInputElement).value).toBe("");
    expect(screen.queryByTestId("two-factor-password-error")).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

test("any other failure closes the question, flips back and shows the server's message", async () => {
  action.mockResolvedValue({ ok: false, status: 403, formError: "You are not allowed to change two-factor authentication" });
  const { toggle, onMessage } = renderToggle(true);
  fireEvent.click(toggle);
  fireEvent.change(screen.getByLabelText("Current Password"), { target: { value: "Zebra#2024" } });
  yes();
  await waitFor(() => expect(onMessage).toHaveBeenCalledWith("error", "You are not allowed to change two-factor authentication"));
  expect(toggle.getAttribute("aria-checked")).toBe("true");
  await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
});
