/**
 * @jest-environment jsdom
 */
// The wizard's multi-select: options filtered as the user types, the
// keyboard alone adds and removes, typed entries where the list allows them,
// searched options (the geography dataset) with the chosen one handed back.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { MultiSelect, type MultiOption, type MultiSelectProps } from "./multi-select";

const OPTIONS: MultiOption[] = [
  { value: "1", label: "Exchange One" },
  { value: "2", label: "Exchange Two", detail: "Inactive" },
  { value: "3", label: "Other" },
];

function Harness(props: Partial<MultiSelectProps> & { onAdded?: (o: MultiOption | undefined) => void }) {
  const [values, setValues] = useState<string[]>([]);
  return (
    <MultiSelect
      id="ms"
      label="Exchanges"
      options={OPTIONS}
      {...props}
      values={values}
      onChange={(next, added) => {
        setValues(next);
        props.onAdded?.(added);
      }}
    />
  );
}

const box = () => screen.getByRole("combobox", { name: "Exchanges" });
const chips = () => screen.queryAllByTestId("ms-chip").map((c) => c.firstChild?.textContent);

test("typing filters the options; arrows and Enter add one; Backspace in the empty box removes the last", () => {
  render(<Harness />);
  fireEvent.focus(box());
  fireEvent.change(box(), { target: { value: "exch" } });
  expect(screen.getAllByRole("option").map((o) => o.firstChild?.textContent)).toEqual(["Exchange One", "Exchange Two"]);
  fireEvent.keyDown(box(), { key: "ArrowDown" });
  expect(box()).toHaveAttribute("aria-activedescendant", screen.getAllByRole("option")[1].id);
  fireEvent.keyDown(box(), { key: "Enter" });
  expect(chips()).toEqual(["Exchange Two"]);
  // A chosen option is not offered again.
  fireEvent.change(box(), { target: { value: "exch" } });
  expect(screen.getAllByRole("option").map((o) => o.firstChild?.textContent)).toEqual(["Exchange One"]);
  fireEvent.change(box(), { target: { value: "" } });
  fireEvent.keyDown(box(), { key: "Backspace" });
  expect(chips()).toEqual([]);
});

test("nothing to choose: no list, a message instead", () => {
  render(<Harness options={[]} emptyText="No exchange yet" />);
  fireEvent.focus(box());
  expect(screen.queryByRole("listbox")).toBeNull();
  expect(screen.getByText("No exchange yet")).toBeInTheDocument();
});

test("typed entries are taken as they are where the list allows them", () => {
  render(<Harness options={undefined} allowCustom />);
  fireEvent.focus(box());
  fireEvent.change(box(), { target: { value: " 10115 " } });
  expect(screen.getByText('Press Enter to add "10115"')).toBeInTheDocument();
  fireEvent.keyDown(box(), { key: "Enter" });
  expect(chips()).toEqual(["10115"]);
  fireEvent.click(screen.getByRole("button", { name: "Remove 10115" }));
  expect(chips()).toEqual([]);
});

test("searched options come from `search` after a pause, and the chosen one is handed back with its name", async () => {
  jest.useFakeTimers();
  const search = jest.fn(async (text: string) => [{ value: "DE-BE:Berlin", label: "Berlin", detail: `Berlin, Germany (${text})` }]);
  const onAdded = jest.fn();
  render(<Harness options={undefined} search={search} onAdded={onAdded} />);
  fireEvent.focus(box());
  fireEvent.change(box(), { target: { value: "Berl" } });
  expect(screen.getByText("Searching...")).toBeInTheDocument();
  await act(async () => {
    jest.advanceTimersByTime(300);
  });
  expect(search).toHaveBeenLastCalledWith("Berl");
  fireEvent.click(screen.getByRole("option"));
  expect(onAdded).toHaveBeenCalledWith({ value: "DE-BE:Berlin", label: "Berlin", detail: "Berlin, Germany (Berl)" });
  jest.useRealTimers();
});
