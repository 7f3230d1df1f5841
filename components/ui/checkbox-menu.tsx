"use client";
// A multi-select filter (the activity panel's modules, the image grid's
// sizes): a trigger saying what is chosen, a popover of checkboxes and a
// Clear button while something is checked. The caller owns the open state and
// what a toggle means (at once, or kept until the menu closes).
import type { ReactNode } from "react";
import { Button } from "./button";
import { Popover } from "./popover";

export interface CheckboxMenuOption<V extends string> {
  value: V;
  label: string;
}

export interface CheckboxMenuProps<V extends string> {
  open: boolean;
  onTriggerClick(): void;
  onClose(): void;
  /** What the trigger says ("Module: All modules", "All sizes"). */
  triggerLabel: ReactNode;
  triggerTestId: string;
  /** The trigger's accessible name when its text is not enough. */
  triggerAriaLabel?: string;
  triggerClassName: string;
  options: readonly CheckboxMenuOption<V>[];
  isChecked(value: V): boolean;
  onToggle(value: V): void;
  onClear(): void;
  clearLabel: string;
  /** Shown when there is nothing to choose from. */
  emptyText?: string;
  /** "listbox": options announced as selected / not selected (a value filter); "group": a group of checkboxes. */
  listRole: "listbox" | "group";
  listLabel: string;
  panelClassName: string;
}

export function CheckboxMenu<V extends string>(props: CheckboxMenuProps<V>) {
  const listbox = props.listRole === "listbox";
  return (
    <Popover
      open={props.open}
      onClose={props.onClose}
      panelClassName={`mt-1 overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg ${props.panelClassName}`}
      panelProps={{ role: props.listRole, "aria-label": props.listLabel, ...(listbox ? { "aria-multiselectable": true } : {}) }}
      trigger={(trigger) => (
        <button
          {...trigger}
          type="button"
          aria-haspopup={listbox ? "listbox" : "true"}
          aria-label={props.triggerAriaLabel}
          data-testid={props.triggerTestId}
          onClick={props.onTriggerClick}
          className={`items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 ${props.triggerClassName}`}
        >
          {props.triggerLabel}
          <span aria-hidden="true" className="text-xs text-slate-400">
            ▾
          </span>
        </button>
      )}
    >
      {props.options.length === 0 && props.emptyText ? <p className="px-3 py-1.5 text-sm text-slate-500">{props.emptyText}</p> : null}
      {props.options.map((option) => {
        const checked = props.isChecked(option.value);
        return (
          <label
            key={option.value}
            {...(listbox ? { role: "option", "aria-selected": checked } : {})}
            className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
          >
            <input type="checkbox" checked={checked} onChange={() => props.onToggle(option.value)} className="accent-primary" />
            {option.label}
          </label>
        );
      })}
      {props.options.some((o) => props.isChecked(o.value)) && (
        <Button variant="link" size="xs" onClick={props.onClear} className="mt-1 w-full justify-start border-t border-slate-100 px-3 py-1.5">
          {props.clearLabel}
        </Button>
      )}
    </Popover>
  );
}
