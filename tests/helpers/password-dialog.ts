// The change-password dialog (components/account) filled in as a user does.
import { fireEvent, screen, waitFor } from "@testing-library/react";

/** Types `value` into the field labelled `label`. */
export const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Types the old password and a valid new one, twice. */
export function fillPasswordChange(oldPassword: string, newPassword = "Kite@9river") {
  typeInto("Old Password", oldPassword);
  typeInto("New Password", newPassword);
  typeInto("Confirmation Password", newPassword);
}

/** Fills the dialog, waits for Save to be enabled (after the validation pause) and clicks it. */
export async function submitPasswordChange(oldPassword: string) {
  fillPasswordChange(oldPassword);
  const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
  await waitFor(() => expect(save.disabled).toBe(false), { timeout: 2000 });
  fireEvent.click(save);
}
