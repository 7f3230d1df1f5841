"use client";
// The activity panel's module multi-select (shell.md 2.10). Choices are kept
// while the selector is open and reported once when it closes, so the list
// reloads from page 1 only then (shell.md 4).
import { useCallback, useRef, useState } from "react";
import { ACTIVITY_MODULES, type ActivityModule } from "@/lib/activity/entities";
import { useDismiss } from "@/components/shell/use-dismiss";
import { POPOVER_OPEN_ATTR } from "@/components/panels/side-sheet";

export function ModuleFilter({ value, onChange }: { value: ActivityModule[]; onChange: (modules: ActivityModule[]) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ActivityModule[]>(value);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    const same = draft.length === value.length && draft.every((m) => value.includes(m));
    if (!same) onChange(draft);
  }, [draft, value, onChange]);
  useDismiss(root, open, close, trigger);

  const toggle = (m: ActivityModule) =>
    setDraft((d) => (d.includes(m) ? d.filter((x) => x !== m) : ACTIVITY_MODULES.map((x) => x.value).filter((x) => x === m || d.includes(x))));

  const label =
    value.length === 0
      ? "All modules"
      : value.length <= 2
        ? ACTIVITY_MODULES.filter((m) => value.includes(m.value)).map((m) => m.label).join(", ")
        : `${value.length} modules`;

  return (
    <div ref={root} className="relative" {...(open ? { [POPOVER_OPEN_ATTR]: "" } : {})}>
      <button
        ref={trigger}
        type="button"
        data-testid="activity-module-filter"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => (open ? close() : (setDraft(value), setOpen(true)))}
        className="flex min-w-44 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
      >
        <span className="truncate">Module: {label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          role="group"
          aria-label="Modules"
          className="absolute right-0 z-10 mt-1 max-h-80 w-56 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {ACTIVITY_MODULES.map((m) => (
            <label key={m.value} className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
              <input
                type="checkbox"
                checked={draft.includes(m.value)}
                onChange={() => toggle(m.value)}
                className="accent-primary"
              />
              {m.label}
            </label>
          ))}
          {draft.length > 0 && (
            <button type="button" onClick={() => setDraft([])} className="mt-1 w-full border-t border-slate-100 px-3 py-1.5 text-left text-xs text-primary hover:underline">
              Clear selection
            </button>
          )}
        </div>
      )}
    </div>
  );
}
