"use client";
// The date range every metric on the page is read for. Choosing a preset or a
// custom from/to saves it for the user (UserSettings.dateRange) and re-renders
// the page on the server with the new range.
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { formatDate } from "@/lib/format";
import { expiredSession } from "@/components/account/session-events";
import { saveDateRangeAction } from "@/lib/user-settings/actions";
import { DATE_RANGE_PRESETS, presetLabel, type StoredDateRange } from "@/lib/user-settings/date-range";

export interface DateRangePickerProps {
  stored: StoredDateRange;
  /** The resolved days ('yyyy-MM-dd') shown on the button. */
  from: string;
  to: string;
  timezoneName: string;
}

export function DateRangePicker({ stored, from, to, timezoneName }: DateRangePickerProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [customFrom, setCustomFrom] = useState(from);
  const [customTo, setCustomTo] = useState(to);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  function save(range: StoredDateRange) {
    setError(null);
    startTransition(async () => {
      const result = await saveDateRangeAction(range);
      if (expiredSession(result)) return; // the sign-in page is loading
      if (!result.ok) {
        setError(result.fieldErrors?.to ?? result.fieldErrors?.from ?? result.formError ?? "Could not save the date range");
        return;
      }
      setOpen(false);
      router.refresh();
    });
  }

  function openPanel() {
    setCustomFrom(from);
    setCustomTo(to);
    setError(null);
    setOpen((o) => !o);
  }

  return (
    <div className="relative inline-block text-left">
      <button
        ref={button}
        type="button"
        onClick={openPanel}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="date-range-button"
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <CalendarIcon />
        <span className="font-medium">{presetLabel(stored)}</span>
        <span data-testid="date-range-value" className="tabular-nums text-slate-600">
          {formatDate(from)} – {formatDate(to)}
        </span>
        <span className="text-xs text-slate-500">{timezoneName}</span>
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label="Choose date range"
          data-testid="date-range-panel"
          className="absolute right-0 z-30 mt-2 w-80 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          <ul className="grid grid-cols-2 gap-2">
            {DATE_RANGE_PRESETS.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => save({ preset: p.id })}
                  aria-pressed={stored.preset === p.id}
                  className={`w-full rounded-md border px-2 py-1.5 text-sm ${
                    stored.preset === p.id ? "border-primary bg-accent text-accent-foreground" : "border-slate-200 text-slate-700 hover:bg-slate-50"
                  } disabled:opacity-60`}
                >
                  {p.label}
                </button>
              </li>
            ))}
          </ul>
          <form
            className="mt-4 space-y-3 border-t border-slate-100 pt-4"
            onSubmit={(e) => {
              e.preventDefault();
              save({ preset: "custom", from: customFrom, to: customTo });
            }}
          >
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Custom</p>
            <div className="flex gap-2">
              <label className="flex-1 text-xs text-slate-600">
                From
                <input
                  type="date"
                  required
                  value={customFrom}
                  max={customTo}
                  onChange={(e) => setCustomFrom(e.target.value)}
                  data-testid="date-range-from"
                  className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                />
              </label>
              <label className="flex-1 text-xs text-slate-600">
                To
                <input
                  type="date"
                  required
                  value={customTo}
                  min={customFrom}
                  onChange={(e) => setCustomTo(e.target.value)}
                  data-testid="date-range-to"
                  className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                />
              </label>
            </div>
            {error && (
              <p role="alert" className="text-sm text-red-600">
                {error}
              </p>
            )}
            <button
              type="submit"
              disabled={pending}
              data-testid="date-range-apply"
              className="w-full rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground hover:bg-primary-hover disabled:opacity-60"
            >
              {pending ? "Applying…" : "Apply"}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.6">
      <rect x="3" y="4.5" width="14" height="12" rx="2" />
      <path d="M3 8.5h14M7 3v3M13 3v3" />
    </svg>
  );
}
