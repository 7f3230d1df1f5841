"use client";
// Day parts (business.md 9): a 7 x 24 grid of hours, the presets morning
// 6-9, office hours 10-17, evening 18-21 and night 22-5 (each toggles its
// hours on every day), a whole day at once, and Clear. No hour chosen, or
// all 168, is the same thing: the strategy runs at all hours, and the field
// is left out. Keyboard: Tab reaches the grid once, the arrow keys (Home,
// End) move between hours and days, Space or Enter toggles the hour.
import { useRef, useState, type KeyboardEvent } from "react";
import { DAY_PART_PRESETS, presetHours, WEEKDAY_LABELS, WEEKDAYS, type Weekday } from "@/lib/strategies/options";
import { hoursText } from "@/lib/strategies/describe";
import { Button } from "@/components/ui/button";
import { FieldMessage } from "@/components/ui/field";
import { fieldId, useFieldError, useWizardValue, type WizardValues } from "./wizard-fields";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
export type HourGrid = Record<Weekday, number[]>;

/** The grid of a stored value: every day's hours (none when absent). */
export function gridOf(value: WizardValues["targetDays"]): HourGrid {
  const grid = Object.fromEntries(WEEKDAYS.map((d) => [d, [] as number[]])) as HourGrid;
  for (const part of value?.daypart ?? []) grid[part.day] = [...new Set(part.hours)].sort((a, b) => a - b);
  return grid;
}

/** The stored value of a grid: the days with hours; no hour at all leaves the field out (all hours). */
export function valueOf(grid: HourGrid): WizardValues["targetDays"] {
  if (WEEKDAYS.every((d) => grid[d].length === 0)) return undefined;
  return { daypart: WEEKDAYS.filter((d) => grid[d].length > 0).map((day) => ({ day, hours: [...grid[day]].sort((a, b) => a - b) })) };
}

const withHours = (hours: number[], add: readonly number[], on: boolean) => (on ? [...new Set([...hours, ...add])] : hours.filter((h) => !add.includes(h)));
const pad = (h: number) => String(h).padStart(2, "0");

export function DayPartsField() {
  const [value, setValue] = useWizardValue("targetDays");
  const error = useFieldError("targetDays");
  const grid = gridOf(value);
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const table = useRef<HTMLTableElement>(null);
  const id = fieldId("targetDays");
  const update = (next: HourGrid) => setValue(valueOf(next));
  const everyDay = (hours: readonly number[], on: boolean) => update(Object.fromEntries(WEEKDAYS.map((d) => [d, withHours(grid[d], hours, on)])) as HourGrid);
  const presetOn = (hours: number[]) => WEEKDAYS.every((d) => hours.every((h) => grid[d].includes(h)));

  const move = (e: KeyboardEvent, day: number, hour: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowRight: [day, Math.min(23, hour + 1)],
      ArrowLeft: [day, Math.max(0, hour - 1)],
      ArrowDown: [Math.min(6, day + 1), hour],
      ArrowUp: [Math.max(0, day - 1), hour],
      Home: [day, 0],
      End: [day, 23],
    };
    const next = moves[e.key];
    if (!next) return;
    e.preventDefault();
    setFocus(next);
    table.current?.querySelector<HTMLButtonElement>(`[data-cell="${next[0]}-${next[1]}"]`)?.focus();
  };
  const chosen = WEEKDAYS.filter((d) => grid[d].length > 0);

  return (
    <fieldset className="col-span-full min-w-0" data-testid={`${id}-group`} aria-describedby={`${id}-summary`}>
      <legend className="text-sm font-medium text-slate-700">Day parts</legend>
      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Day part presets">
        {DAY_PART_PRESETS.map((preset) => {
          const hours = presetHours(preset);
          const on = presetOn(hours);
          return (
            <Button key={preset.key} size="xs" aria-pressed={on} onClick={() => everyDay(hours, !on)} data-testid={`daypart-preset-${preset.key}`} className={on ? "border-primary bg-accent" : ""}>
              {preset.label} ({pad(preset.from)}-{pad(preset.to)})
            </Button>
          );
        })}
        <Button size="xs" variant="ghost" onClick={() => update(gridOf(undefined))} data-testid="daypart-clear">
          Clear (all hours)
        </Button>
      </div>
      <div className="mt-3 overflow-x-auto">
        <table ref={table} className="border-separate border-spacing-0.5 text-xs" aria-label="Hours of each day">
          <thead>
            <tr>
              <th scope="col" className="text-left font-medium text-slate-600">
                Day
              </th>
              {HOURS.map((h) => (
                <th key={h} scope="col" className="w-6 text-center font-normal text-slate-600" aria-label={`${pad(h)}:00`}>
                  {pad(h)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((day, d) => {
              const full = grid[day].length === 24;
              return (
                <tr key={day}>
                  <th scope="row" className="pr-2 text-left font-normal whitespace-nowrap">
                    <button
                      type="button"
                      aria-pressed={full}
                      onClick={() => update({ ...grid, [day]: full ? [] : HOURS })}
                      className="rounded px-1 text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {WEEKDAY_LABELS[day].slice(0, 3)}
                      <span className="sr-only">: all hours on {WEEKDAY_LABELS[day]}</span>
                    </button>
                  </th>
                  {HOURS.map((h) => {
                    const on = grid[day].includes(h);
                    return (
                      <td key={h} className="p-0">
                        <button
                          type="button"
                          data-cell={`${d}-${h}`}
                          data-testid={`daypart-cell-${day}-${h}`}
                          tabIndex={focus[0] === d && focus[1] === h ? 0 : -1}
                          aria-pressed={on}
                          aria-label={`${WEEKDAY_LABELS[day]} ${pad(h)}:00 to ${pad(h)}:59`}
                          onClick={() => update({ ...grid, [day]: withHours(grid[day], [h], !on) })}
                          onFocus={() => setFocus([d, h])}
                          onKeyDown={(e) => move(e, d, h)}
                          className={`block h-6 w-6 rounded-sm border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed ${
                            on ? "border-primary bg-primary" : "border-slate-300 bg-white hover:bg-slate-100"
                          }`}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p id={`${id}-summary`} className="mt-2 text-xs text-slate-600" data-testid="daypart-summary" aria-live="polite">
        {chosen.length === 0
          ? "No hours chosen: the strategy runs at all hours."
          : WEEKDAYS.every((d) => grid[d].length === 24)
            ? "Every hour of every day: the same as no day parts."
            : chosen.map((d) => `${WEEKDAY_LABELS[d]} ${hoursText(grid[d])}`).join("; ")}
      </p>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}
