/**
 * @jest-environment jsdom
 */
// The day-part grid: the presets of business.md 9 on every day, one hour at a
// time with the keyboard alone, a whole day, Clear back to all hours, and
// the stored value it makes (days with their hours; nothing chosen: absent).
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { WEEKDAYS } from "@/lib/strategies/options";
import { DayPartsField, gridOf, valueOf } from "./day-parts-field";
import { WithWizardForm } from "./test-fixtures";

const values = () => JSON.parse(screen.getByTestId("form-values").textContent ?? "{}");
const cell = (day: string, hour: number) => screen.getByTestId(`daypart-cell-${day}-${hour}`);
const show = (targetDays?: unknown) =>
  render(
    <WithWizardForm values={targetDays ? { targetDays: targetDays as never } : {}}>
      <DayPartsField />
    </WithWizardForm>,
  );

test("a preset chooses its hours on all seven days and toggles them off again; night wraps past midnight", () => {
  show();
  expect(screen.getByTestId("daypart-summary")).toHaveTextContent("No hours chosen: the strategy runs at all hours.");
  fireEvent.click(screen.getByTestId("daypart-preset-morning"));
  expect(values().targetDays.daypart).toEqual(WEEKDAYS.map((day) => ({ day, hours: [6, 7, 8, 9] })));
  expect(cell("SUNDAY", 6)).toHaveAttribute("aria-pressed", "true");
  expect(cell("SUNDAY", 10)).toHaveAttribute("aria-pressed", "false");
  expect(screen.getByTestId("daypart-preset-morning")).toHaveAttribute("aria-pressed", "true");
  expect(screen.getByTestId("daypart-summary")).toHaveTextContent("Monday 06:00-09:59");

  fireEvent.click(screen.getByTestId("daypart-preset-night"));
  expect(values().targetDays.daypart[0]).toEqual({ day: "MONDAY", hours: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 22, 23] });
  fireEvent.click(screen.getByTestId("daypart-preset-morning"));
  fireEvent.click(screen.getByTestId("daypart-preset-night"));
  expect(values().targetDays).toBeUndefined();
});

test("the grid is reached once with Tab and moved through with the arrow keys; Space toggles an hour", () => {
  show();
  const tabbable = screen.getAllByRole("button", { pressed: false }).filter((b) => b.dataset.cell && b.tabIndex === 0);
  expect(tabbable).toHaveLength(1);
  expect(tabbable[0]).toBe(cell("MONDAY", 0));

  act(() => cell("MONDAY", 0).focus());
  fireEvent.keyDown(cell("MONDAY", 0), { key: "ArrowRight" });
  expect(cell("MONDAY", 1)).toHaveFocus();
  fireEvent.keyDown(cell("MONDAY", 1), { key: "ArrowDown" });
  expect(cell("TUESDAY", 1)).toHaveFocus();
  expect(cell("TUESDAY", 1).tabIndex).toBe(0);
  fireEvent.keyDown(cell("TUESDAY", 1), { key: "End" });
  expect(cell("TUESDAY", 23)).toHaveFocus();
  // A button: Space and Enter press it (the browser turns them into a click).
  fireEvent.click(cell("TUESDAY", 23));
  expect(values().targetDays).toEqual({ daypart: [{ day: "TUESDAY", hours: [23] }] });
  expect(cell("TUESDAY", 23)).toHaveAccessibleName("Tuesday 23:00 to 23:59");
});

test("a whole day at once, and Clear back to all hours", () => {
  show({ daypart: [{ day: "FRIDAY", hours: [9] }] });
  expect(cell("FRIDAY", 9)).toHaveAttribute("aria-pressed", "true");
  fireEvent.click(screen.getByRole("button", { name: /^Sat\s*: all hours on Saturday$/ }));
  expect(values().targetDays.daypart).toEqual([
    { day: "FRIDAY", hours: [9] },
    { day: "SATURDAY", hours: Array.from({ length: 24 }, (_, h) => h) },
  ]);
  fireEvent.click(screen.getByTestId("daypart-clear"));
  expect(values().targetDays).toBeUndefined();
});

test("the value is the days with hours, in weekday order; no hour at all is absent", () => {
  const grid = gridOf({ daypart: [{ day: "SUNDAY", hours: [5, 3] }, { day: "MONDAY", hours: [1] }] });
  expect(valueOf(grid)).toEqual({ daypart: [{ day: "MONDAY", hours: [1] }, { day: "SUNDAY", hours: [3, 5] }] });
  expect(valueOf(gridOf(undefined))).toBeUndefined();
});
