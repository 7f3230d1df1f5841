"use client";
// The creative-size multi-select filter of the image grid (shell.md 2.9): the
// sizes present in the list; none checked shows every size.
import { useCallback, useRef, useState } from "react";
import { useDismiss } from "@/components/shell/use-dismiss";

export function DimensionFilter({ options, value, onChange }: { options: string[]; value: string[]; onChange: (value: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(box, open, close, trigger);
  const label = value.length === 0 ? "All sizes" : value.length === 1 ? value[0] : `${value.length} sizes`;
  return (
    <div ref={box} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label="Creative size"
        data-testid="image-size-filter"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-w-28 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
      >
        <span>{label}</span>
        <span aria-hidden="true" className="text-xs text-slate-400">
          ▾
        </span>
      </button>
      {open && (
        <div role="listbox" aria-multiselectable="true" aria-label="Creative size" className="absolute right-0 z-30 mt-1 max-h-64 w-44 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {options.length === 0 && <p className="px-2 py-1.5 text-sm text-slate-500">No sizes</p>}
          {options.map((option) => {
            const checked = value.includes(option);
            return (
              <label key={option} role="option" aria-selected={checked} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => onChange(checked ? value.filter((v) => v !== option) : [...value, option])}
                />
                {option}
              </label>
            );
          })}
          {value.length > 0 && (
            <button type="button" onClick={() => onChange([])} className="mt-1 w-full rounded px-2 py-1 text-left text-xs text-primary hover:bg-slate-50">
              Clear
            </button>
          )}
        </div>
      )}
    </div>
  );
}
