"use client";
// Searchable timezone select of the preference form (shell.md 2.12, 5):
// case-insensitive "contains" search; 'No entries are found' when nothing matches.
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import type { TimezoneOption } from "@/lib/preferences/queries";
import { Field } from "@/components/ui/field";
import { Popover } from "@/components/ui/popover";

export const NO_TIMEZONE_MATCH = "No entries are found";

export function filterTimezones(options: readonly TimezoneOption[], search: string): TimezoneOption[] {
  const q = search.trim().toLowerCase();
  return q ? options.filter((o) => o.name.toLowerCase().includes(q)) : [...options];
}

/** A form's timezone: the select with its label and message, bound to the form's field. */
export function TimezoneField<T extends FieldValues>({
  id,
  label,
  required,
  control,
  name,
  options,
  error,
}: {
  id: string;
  label: string;
  required?: boolean;
  control: Control<T>;
  name: FieldPath<T>;
  options: readonly TimezoneOption[];
  error?: string;
}) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <TimezoneSelect id={id} options={options} value={Number(field.value)} onChange={field.onChange} invalid={!!error} />}
      />
    </Field>
  );
}

export function TimezoneSelect({
  id = "preset-timezone",
  options,
  value,
  onChange,
  invalid,
}: {
  /** The trigger's id, which the field's label names. */
  id?: string;
  options: readonly TimezoneOption[];
  value: number;
  onChange: (id: number) => void;
  invalid?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const trigger = useRef<HTMLButtonElement | null>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  const matches = useMemo(() => filterTimezones(options, search), [options, search]);
  const current = options.find((o) => o.id === value);
  const choose = (id: number) => {
    onChange(id);
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onClose={close}
      panelClassName="mt-1 w-full rounded-md border border-slate-200 bg-white shadow-lg"
      trigger={({ ref, ...props }) => (
        <button
          {...props}
          ref={(el) => {
            ref.current = el;
            trigger.current = el;
          }}
          id={id}
          type="button"
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          onClick={() => {
            setSearch("");
            setOpen((o) => !o);
          }}
          className={`flex w-full items-center justify-between rounded-md border bg-white px-3 py-2 text-left text-sm ${
            invalid ? "border-red-400" : "border-slate-300"
          }`}
        >
          <span className="truncate">{current?.name ?? "Select timezone"}</span>
          <span aria-hidden="true">▾</span>
        </button>
      )}
    >
      <input
        autoFocus
        type="search"
        aria-label="Search timezone"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Search"
        className="w-full border-b border-slate-200 px-3 py-2 text-sm focus:outline-none"
      />
      <ul id={listId} role="listbox" aria-label="Timezones" className="max-h-56 overflow-auto py-1">
        {matches.length === 0 ? (
          <li className="px-3 py-2 text-sm text-slate-500">{NO_TIMEZONE_MATCH}</li>
        ) : (
          matches.map((o) => (
            <li
              key={o.id}
              role="option"
              aria-selected={o.id === value}
              tabIndex={0}
              onClick={() => choose(o.id)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  choose(o.id);
                  trigger.current?.focus();
                }
              }}
              className={`cursor-pointer px-3 py-1.5 text-sm hover:bg-slate-50 focus:bg-slate-50 focus:outline-none ${
                o.id === value ? "font-semibold text-primary" : "text-slate-700"
              }`}
            >
              {o.name}
            </li>
          ))
        )}
      </ul>
    </Popover>
  );
}
