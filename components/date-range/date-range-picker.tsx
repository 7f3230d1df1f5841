"use client";
// The date range every metric on the page is read for. Choosing a preset or a
// custom from/to saves it for the user (UserSettings.dateRange) and re-renders
// the page on the server with the new range ('Refreshing data...' beside the
// button until it has).
import { useCallback, useState, useTransition, type ComponentPropsWithRef } from "react";
import { useRouter } from "next/navigation";
import { formatDate } from "@/lib/format";
import { expiredSession } from "@/components/account/session-events";
import { saveDateRangeAction } from "@/lib/user-settings/actions";
import { DATE_RANGE_PRESETS, presetLabel, storedDateRangeSchema, type StoredDateRange } from "@/lib/user-settings/date-range";
import { FieldMessage, FormError } from "@/components/ui/field";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Popover } from "@/components/ui/popover";
import { RefreshingStatus } from "@/components/ui/refreshing-status";

export interface DateRangePickerProps {
  stored: StoredDateRange;
  /** The resolved days ('yyyy-MM-dd') shown on the button. */
  from: string;
  to: string;
  timezoneName: string;
}

const SAVE_FAILED = "Could not save the date range";

type CustomRange = Extract<StoredDateRange, { preset: "custom" }>;

export function DateRangePicker({ stored, from, to, timezoneName }: DateRangePickerProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [refreshing, startRefresh] = useTransition();
  // A preset button's failure; the custom range's own messages come from its form.
  const [error, setError] = useState<string | null>(null);
  const close = useCallback(() => setOpen(false), []);
  const saved = () => {
    setOpen(false);
    startRefresh(() => router.refresh());
  };
  const custom = useActionForm<CustomRange, StoredDateRange>({
    schema: storedDateRangeSchema,
    defaultValues: { preset: "custom", from, to },
    failureMessage: SAVE_FAILED,
    action: (range) => saveDateRangeAction(range),
    onSuccess: saved,
  });
  const customFrom = custom.form.watch("from");
  const customTo = custom.form.watch("to");
  const busy = pending || custom.submitting;

  function save(range: StoredDateRange) {
    setError(null);
    startTransition(async () => {
      const result = await saveDateRangeAction(range);
      if (expiredSession(result)) return; // the sign-in page is loading
      if (!result.ok) {
        setError(result.formError ?? SAVE_FAILED);
        return;
      }
      saved();
    });
  }

  function openPanel() {
    custom.form.reset({ preset: "custom", from, to });
    custom.setFormError(null);
    setError(null);
    setOpen((o) => !o);
  }

  return (
    <div className="inline-flex items-center gap-3">
      <RefreshingStatus active={refreshing} testId="date-range-refreshing" />
      <Popover
        open={open}
        onClose={close}
        className="relative inline-block text-left"
        panelClassName="right-0 mt-2 w-80 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        panelProps={{ role: "dialog", "aria-label": "Choose date range", "data-testid": "date-range-panel" }}
        trigger={(props) => (
          <button
            {...props}
            type="button"
            onClick={openPanel}
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
        )}
      >
        <ul className="grid grid-cols-2 gap-2">
          {DATE_RANGE_PRESETS.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                disabled={busy}
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
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {error}
          </p>
        )}
        <form className="mt-4 space-y-3 border-t border-slate-100 pt-4" onSubmit={(e) => void custom.onSubmit(e)}>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Custom</p>
          <FormError message={custom.formError} testId="date-range-error" />
          <div className="flex gap-2">
            <DayInput label="From" testId="date-range-from" max={customTo} aria-invalid={custom.invalid("from")} {...custom.form.register("from")} />
            <DayInput label="To" testId="date-range-to" min={customFrom} aria-invalid={custom.invalid("to")} {...custom.form.register("to")} />
          </div>
          <FieldMessage id="date-range-from" error={custom.errorOf("from")} />
          <FieldMessage id="date-range-to" error={custom.errorOf("to")} />
          <Button type="submit" variant="primary" size="sm" disabled={busy} data-testid="date-range-apply" className="w-full">
            {busy ? "Applying…" : "Apply"}
          </Button>
        </form>
      </Popover>
    </div>
  );
}

/** A custom range's day (the form's register props spread on it). */
function DayInput({ label, testId, ...input }: { label: string; testId: string } & Omit<ComponentPropsWithRef<"input">, "type">) {
  return (
    <label className="flex-1 text-xs text-slate-600">
      {label}
      <input type="date" required {...input} data-testid={testId} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
    </label>
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
