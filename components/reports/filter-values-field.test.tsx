/**
 * @jest-environment jsdom
 */
// A report filter's values as the user meets them: an entity is
// searched by name on the server and chosen with the mouse or the keyboard,
// its chip shows the name (also for ids the page loaded with, and "unknown
// #id" for one the licensee cannot see) and is removed with its button;
// attribute dimensions offer their fixed lists; the server's message shows
// beside the field.
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { searchMock } from "@/tests/helpers/report-filter-search";
import type { DimensionId } from "@/lib/reports/dimensions";
import { FilterValuesField } from "./filter-values-field";

jest.mock("@/lib/report-pages/actions", () => ({ searchReportFilterValuesAction: jest.fn() }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: jest.fn(() => false) }));

const CAMPAIGNS = [
  { value: "12", label: "Spring sale", detail: "ID 12" },
  { value: "13", label: "Summer launch", detail: "ID 13 · Inactive" },
];

beforeEach(() => {
  searchMock.mockReset();
  // Like the server: names holding the text, in any case.
  searchMock.mockImplementation(async ({ text = "" }) => ({ ok: true, data: CAMPAIGNS.filter((c) => c.label.toLowerCase().includes(text.toLowerCase())) }));
});

function Harness({ dimension = "campaign", initial = [], known, error, onValues }: { dimension?: DimensionId; initial?: string[]; known?: Record<string, string>; error?: string; onValues?: (v: string[]) => void }) {
  const [values, setValues] = useState(initial);
  return (
    <FilterValuesField
      id="f0"
      dimension={dimension}
      values={values}
      onChange={(next) => {
        setValues(next);
        onValues?.(next);
      }}
      known={known}
      countries={[{ value: "IN", label: "India", detail: "IN" }, { value: "US", label: "United States", detail: "US" }]}
      error={error}
    />
  );
}

const box = (name = "Campaign values") => screen.getByRole("combobox", { name });
const chips = () => screen.queryAllByTestId("f0-chip").map((c) => c.firstChild?.textContent);
const optionTexts = () => screen.queryAllByRole("option").map((o) => o.textContent);

test("typing searches the server by name; results show name and id; arrows and Enter choose; the chip shows the name", async () => {
  const onValues = jest.fn();
  render(<Harness onValues={onValues} />);
  fireEvent.focus(box());
  await waitFor(() => expect(optionTexts()).toEqual(["Spring saleID 12", "Summer launchID 13 · Inactive"]));
  expect(searchMock).toHaveBeenLastCalledWith({ dimension: "campaign", text: "" });

  fireEvent.change(box(), { target: { value: "sum" } });
  await waitFor(() => expect(searchMock).toHaveBeenLastCalledWith({ dimension: "campaign", text: "sum" }));
  await waitFor(() => expect(optionTexts()).toEqual(["Summer launchID 13 · Inactive"]));
  fireEvent.keyDown(box(), { key: "ArrowDown" });
  fireEvent.keyDown(box(), { key: "ArrowUp" });
  expect(box()).toHaveAttribute("aria-activedescendant", screen.getByRole("option").id);
  fireEvent.keyDown(box(), { key: "Enter" });
  expect(onValues).toHaveBeenLastCalledWith(["13"]);
  expect(chips()).toEqual(["Summer launch"]);

  // Another search: the chip keeps its name although the option is gone.
  fireEvent.change(box(), { target: { value: "spring" } });
  await waitFor(() => expect(optionTexts()).toEqual(["Spring saleID 12"]));
  fireEvent.click(screen.getByRole("option"));
  expect(chips()).toEqual(["Summer launch", "Spring sale"]);
  expect(onValues).toHaveBeenLastCalledWith(["13", "12"]);
});

test("Escape closes the list; a chip's button removes it, Backspace in the empty box the last one", async () => {
  render(<Harness initial={["12", "13"]} known={{ "12": "Spring sale", "13": "Summer launch" }} />);
  fireEvent.focus(box());
  await waitFor(() => expect(searchMock).toHaveBeenCalled());
  fireEvent.keyDown(box(), { key: "Escape" });
  expect(box()).toHaveAttribute("aria-expanded", "false");
  expect(screen.queryAllByRole("option")).toHaveLength(0);
  fireEvent.click(screen.getByRole("button", { name: "Remove Spring sale" }));
  expect(chips()).toEqual(["Summer launch"]);
  fireEvent.keyDown(box(), { key: "Backspace" });
  expect(chips()).toEqual([]);
});

test("ids the page loaded with show by the names the server resolved; an id it could not name is 'unknown #id'", () => {
  render(<Harness initial={["12", "99"]} known={{ "12": "Spring sale", "99": "unknown #99" }} />);
  expect(chips()).toEqual(["Spring sale", "unknown #99"]);
  expect(screen.getByRole("button", { name: "Remove unknown #99" })).toBeInTheDocument();
});

test("attribute dimensions offer their fixed lists, filtered as the user types, without asking the server", () => {
  const { unmount } = render(<Harness dimension="device" />);
  fireEvent.focus(box("Device Type values"));
  expect(optionTexts()).toEqual(["PHONE", "TABLET", "DESKTOP", "CTV", "OTHER", "Unknown"]);
  unmount();

  const onValues = jest.fn();
  render(<Harness dimension="country" onValues={onValues} initial={["US"]} />);
  expect(chips()).toEqual(["United States"]);
  fireEvent.focus(box("Country values"));
  fireEvent.change(box("Country values"), { target: { value: "ind" } });
  expect(optionTexts()).toEqual(["IndiaIN"]);
  fireEvent.keyDown(box("Country values"), { key: "Enter" });
  expect(onValues).toHaveBeenLastCalledWith(["US", "IN"]);
  expect(chips()).toEqual(["United States", "India"]);
  expect(searchMock).not.toHaveBeenCalled();
});

test("the server's message shows beside the field and marks the box invalid", () => {
  render(<Harness initial={["0"]} error="'0' is not a campaign id" />);
  expect(screen.getByTestId("f0-error")).toHaveTextContent("'0' is not a campaign id");
  expect(box()).toHaveAttribute("aria-invalid", "true");
  expect(box()).toHaveAttribute("aria-describedby", "f0-error");
});
