"use client";
// Searchable timezone select of the preference form (shell.md 2.12, 5):
// case-insensitive "contains" search; 'No entries are found' when nothing matches.
import { useCallback, useId, useMemo, useRef, useState } from "react";
import type { TimezoneOption } from "@/lib/preferences/queries";
import { useDismiss } from "@/components/shell/use-dismiss";
import { POPOVER_OPEN_ATTR } from "@/components/panels/side-sheet";

export const NO_TIMEZONE_MATCH = "No entries are found";

export function filterTimezones(options: readonly TimezoneOption[], search: string): TimezoneOption[] {
  const q = search.trim().toLowerCase();
  return q ? options.filter((o) => o.name.toLowerCase().includes(q)) : [...options];
}

export function TimezoneSelect({
  options,
  value,
  onChange,
  invalid,
}: {
  options: readonly TimezoneOption[];
  value: number;
  onChange: (id: number) => void;
  invalid?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close, trigger);
  const matches = useMemo(() => filterTimezones(options, search), [options, search]);
  const current = options.find((o) => o.id === value);

  return (
    <div ref={root} className="relative" {...(open ? { [POPOVER_OPEN_ATTR]: "" } : {})}>
      <button
        ref={trigger}
        id="preset-timezone"
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
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
      {open && (
        <div className="absolute z-20 mt-1 w-full rounded-md border border-slate-200 bg-white shadow-lg">
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
                  onClick={() => {
                    onChange(o.id);
                    setOpen(false);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" || e.key === " ") {
                      e.preventDefault();
                      onChange(o.id);
                      setOpen(false);
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
        </div>
      )}
    </div>
  );
}
