/**
 * @jest-environment jsdom
 */
// The question before a change (business.md 4): titled 'Warning' unless told
// otherwise, Yes answers, Cancel and Escape answer no; while the answer runs,
// neither Cancel nor Escape leaves and Yes shows it is busy; an error of the
// answer shows above the buttons.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

const onConfirm = jest.fn();
const onCancel = jest.fn();
beforeEach(() => jest.clearAllMocks());

function ask(props: Partial<ConfirmDialogProps> = {}) {
  return render(<ConfirmDialog open message="Are you sure you want to deactivate this pixel?" onConfirm={onConfirm} onCancel={onCancel} {...props} />);
}
const dialog = () => within(screen.getByTestId("confirm-dialog"));

test("titled 'Warning' with the question as its description; Yes answers", () => {
  ask();
  const el = screen.getByRole("dialog", { name: "Warning" });
  expect(el.getAttribute("aria-describedby")).toBe(screen.getByText("Are you sure you want to deactivate this pixel?").id);
  fireEvent.click(dialog().getByRole("button", { name: "Yes" }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(onCancel).not.toHaveBeenCalled();
});

test("Cancel and Escape answer no", () => {
  ask();
  fireEvent.click(dialog().getByRole("button", { name: "Cancel" }));
  fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
  expect(onCancel).toHaveBeenCalledTimes(2);
  expect(onConfirm).not.toHaveBeenCalled();
});

test("a title and labels of its own (End All Sessions)", () => {
  ask({ title: "End All Sessions", confirmLabel: "End All Sessions" });
  expect(screen.getByRole("dialog", { name: "End All Sessions" })).toBeTruthy();
  expect(dialog().getByTestId("confirm-yes").textContent).toBe("End All Sessions");
});

test("while busy, Yes and Cancel wait and Escape does not close", () => {
  ask({ busy: true });
  const yes = dialog().getByTestId("confirm-yes") as HTMLButtonElement;
  expect(yes.disabled).toBe(true);
  expect(yes.getAttribute("aria-busy")).toBe("true");
  expect((dialog().getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
  expect(onCancel).not.toHaveBeenCalled();
});

test("the error of the last answer is an alert inside the question", () => {
  ask({ error: "Server error, Please try after sometime" });
  expect(dialog().getByRole("alert").textContent).toBe("Server error, Please try after sometime");
});

test("closed, nothing shows", () => {
  ask({ open: false });
  expect(screen.queryByTestId("confirm-dialog")).toBeNull();
});
