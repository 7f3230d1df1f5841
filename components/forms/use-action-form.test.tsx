/**
 * @jest-environment jsdom
 */
// The one form hook as a user meets it through a small form: the schema
// checks in the browser before anything is sent, the server's field messages
// land beside their fields, anything else above the form, a failed or
// unreachable save leaves the form usable with the form's failure message, an
// expired session signs out, and the options forms use (prepare, onFailure).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { z } from "@/lib/validation/z";
import type { ActionResult } from "@/lib/actions/result";
import { FormError } from "@/components/ui/field";
import { expiredSession } from "@/components/account/session-events";
import { useActionForm, type UseActionFormOptions } from "./use-action-form";

jest.mock("@/components/account/session-events", () => ({ expiredSession: jest.fn((r: { ok: boolean; status?: number }) => !r.ok && r.status === 401) }));

type Values = { name: string; detail: { code: string }; extra: string };
const Schema = z.object({ name: z.string().min(1, "Name is required"), detail: z.object({ code: z.string() }), extra: z.string() });

function NameForm(props: Partial<UseActionFormOptions<Values, { id: number }>> & { action: (values: Values) => Promise<ActionResult<{ id: number }>> }) {
  const { form, formId, formError, onSubmit, submitting, errorOf, invalid } = useActionForm<Values, { id: number }>({
    schema: Schema,
    defaultValues: { name: "Shoes", detail: { code: "A1" }, extra: "on" },
    ...props,
  });
  return (
    <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormError message={formError} />
      <input aria-label="Name" aria-invalid={invalid("name")} {...form.register("name")} />
      {errorOf("name") ? <p data-testid="name-error">{errorOf("name")}</p> : null}
      {errorOf("detail.code") ? <p data-testid="code-error">{errorOf("detail.code")}</p> : null}
      <button type="submit" disabled={submitting}>
        Save
      </button>
    </form>
  );
}

const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));
const formError = () => screen.queryByTestId("form-error")?.textContent ?? null;

beforeAll(() => {
  window.HTMLElement.prototype.scrollIntoView = jest.fn();
});

test("the schema answers in the browser first: nothing is sent while a field is wrong", async () => {
  const action = jest.fn();
  render(<NameForm action={action} />);
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "" } });
  save();
  expect((await screen.findByTestId("name-error")).textContent).toBe("Name is required");
  expect(action).not.toHaveBeenCalled();
});

test("the server's field messages land beside their fields (nested paths too), its form message above", async () => {
  const action = jest.fn(async () => ({
    ok: false as const,
    status: 400,
    formError: "Please correct the highlighted fields.",
    fieldErrors: { name: "Name is taken", "detail.code": "Unknown code" },
  }));
  render(<NameForm action={action} />);
  save();
  expect((await screen.findByTestId("name-error")).textContent).toBe("Name is taken");
  expect(screen.getByTestId("code-error").textContent).toBe("Unknown code");
  expect(formError()).toBe("Please correct the highlighted fields.");
  expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
  expect(action).toHaveBeenCalledWith({ name: "Shoes", detail: { code: "A1" }, extra: "on" });
});

test("a message for a field the form does not show goes above the form", async () => {
  render(<NameForm action={async () => ({ ok: false, status: 400, formError: "Please correct the highlighted fields.", fieldErrors: { version: "Reload it" } })} />);
  save();
  await waitFor(() => expect(formError()).toBe("Reload it"));
});

test("a server error and an unreachable action give the form's failure message; the form stays usable and then succeeds", async () => {
  const onSuccess = jest.fn();
  const action = jest
    .fn<Promise<ActionResult<{ id: number }>>, [Values]>()
    .mockResolvedValueOnce({ ok: false, status: 500, formError: "Server error, Please try after sometime" })
    .mockRejectedValueOnce(new Error("network"))
    .mockResolvedValueOnce({ ok: true, data: { id: 7 } });
  render(<NameForm action={action} failureMessage="Could not save" onSuccess={onSuccess} />);
  save();
  await waitFor(() => expect(formError()).toBe("Could not save"));
  save();
  await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
  await waitFor(() => expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false));
  expect(formError()).toBe("Could not save");
  save();
  await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 7 }, { name: "Shoes", detail: { code: "A1" }, extra: "on" }));
  expect(formError()).toBeNull();
});

test("an expired session signs out instead of showing a message; onFailure hears of every refusal", async () => {
  const onFailure = jest.fn();
  render(<NameForm action={async () => ({ ok: false, status: 401, formError: "Your current session has expired! Please log in again." })} onFailure={onFailure} />);
  await act(async () => save());
  await waitFor(() => expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ status: 401 })));
  expect(expiredSession).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }));
  expect(formError()).toBeNull();
});

test("prepare: what is validated and sent may differ from what the form holds", async () => {
  const action = jest.fn(async () => ({ ok: true as const, data: { id: 1 } }));
  // The switched-off part is replaced before validation: its empty name does not block the save.
  render(<NameForm action={action} prepare={(v) => ({ ...v, name: v.extra === "on" ? "Prepared" : v.name })} />);
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "" } });
  save();
  await waitFor(() => expect(action).toHaveBeenCalledWith({ name: "Prepared", detail: { code: "A1" }, extra: "on" }));
  expect(screen.queryByTestId("name-error")).toBeNull();
});
