/**
 * @jest-environment jsdom
 */
// The field parts as a form uses them: the label names the control, a bad
// input's message sits beside it (test id `${id}-error`) and the control
// points at it; react-hook-form's register (ref included) works through them.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { Checkbox, CheckboxField, FieldMessage, InputField, SelectField, TextareaField } from "./field";

test("an input field: labelled, marked required, and tied to its message when invalid", () => {
  const { rerender } = render(<InputField id="cd-name" label="Name" required />);
  // The asterisk is shown, not read: the control is named "Name".
  const input = screen.getByRole("textbox", { name: "Name" });
  expect(screen.getByText("*").getAttribute("aria-hidden")).toBe("true");
  expect(input.getAttribute("aria-invalid")).toBeNull();
  expect(screen.queryByTestId("cd-name-error")).toBeNull();

  rerender(<InputField id="cd-name" label="Name" required error="Name is required" />);
  const message = screen.getByTestId("cd-name-error");
  expect(message.textContent).toBe("Name is required");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(input.getAttribute("aria-describedby")).toBe(message.id);
  expect(input.className).toContain("border-red-400");
});

test("a hint shows until there is an error; a page may name the message's test id", () => {
  const { rerender } = render(<SelectField id="feed-frequency" label="Update frequency" hint="How often the feed is read" />);
  expect(screen.getByText("How often the feed is read")).toBeTruthy();
  rerender(<SelectField id="feed-frequency" label="Update frequency" hint="How often the feed is read" error="Choose a frequency" messageTestId="frequency-error" />);
  expect(screen.queryByText("How often the feed is read")).toBeNull();
  expect(screen.getByTestId("frequency-error").textContent).toBe("Choose a frequency");
  expect(screen.getByRole("combobox", { name: "Update frequency" }).getAttribute("aria-describedby")).toBe("feed-frequency-error");
});

test("a warning is amber and replaced by an error", () => {
  const { rerender } = render(<FieldMessage id="domain" warning="The domain does not answer" />);
  expect(screen.getByTestId("domain-warning").className).toContain("text-amber-700");
  rerender(<FieldMessage id="domain" warning="The domain does not answer" error="Enter a domain" />);
  expect(screen.queryByTestId("domain-warning")).toBeNull();
  expect(screen.getByTestId("domain-error").textContent).toBe("Enter a domain");
});

function Form({ onValues }: { onValues: (values: { name: string; notes: string; agree: boolean }) => void }) {
  const form = useForm({ defaultValues: { name: "", notes: "", agree: false } });
  return (
    <form onSubmit={form.handleSubmit(onValues)}>
      <InputField id="f-name" label="Name" {...form.register("name")} />
      <TextareaField id="f-notes" label="Notes" {...form.register("notes")} />
      <CheckboxField id="f-agree" label="Agree" {...form.register("agree")} />
      <button type="submit">Save</button>
    </form>
  );
}

test("react-hook-form's register reaches the controls through the field parts", async () => {
  const onValues = jest.fn();
  render(<Form onValues={onValues} />);
  fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Zebra" } });
  fireEvent.change(screen.getByRole("textbox", { name: "Notes" }), { target: { value: "Two\nlines" } });
  fireEvent.click(screen.getByRole("checkbox", { name: "Agree" }));
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onValues).toHaveBeenCalledWith({ name: "Zebra", notes: "Two\nlines", agree: true }, expect.anything()));
});

test("a checkbox shows a partial selection as indeterminate, not when checked", () => {
  const { rerender } = render(<Checkbox aria-label="Select all" checked={false} indeterminate onChange={() => {}} />);
  const box = screen.getByRole("checkbox", { name: "Select all" }) as HTMLInputElement;
  expect(box.indeterminate).toBe(true);
  rerender(<Checkbox aria-label="Select all" checked indeterminate onChange={() => {}} />);
  expect(box.indeterminate).toBe(false);
});
