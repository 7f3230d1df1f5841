"use client";
// Small building blocks of the SETTINGS tab: an on/off switch, the message
// lines shown beside a field (error in red, warning in amber) and the class of
// the Save buttons (inputs use components/common/form-classes).
import type { ReactNode } from "react";

export const saveButtonClass =
  "inline-flex items-center rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-50";

export function Switch({
  id,
  checked,
  onChange,
  disabled,
  label,
  invalid,
}: {
  id: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  label: string;
  invalid?: boolean;
}) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:cursor-not-allowed disabled:opacity-50 ${
        checked ? "bg-primary" : "bg-slate-300"
      } ${invalid ? "ring-2 ring-red-400" : ""}`}
    >
      <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? "translate-x-5" : "translate-x-0.5"}`} />
    </button>
  );
}

/** The error of a field, else its warning, else its hint. */
export function FieldMessage({ id, error, warning, hint }: { id: string; error?: string; warning?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1 text-xs text-red-600">
        {error}
      </p>
    );
  }
  if (warning) {
    return (
      <p id={`${id}-warning`} data-testid={`${id}-warning`} className="mt-1 text-xs text-amber-700">
        {warning}
      </p>
    );
  }
  return hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null;
}

export type SettingNotice = { kind: "success" | "warning" | "error"; text: string };

const NOTICE_CLASS: Record<SettingNotice["kind"], string> = {
  success: "text-emerald-700",
  warning: "text-amber-700",
  error: "text-red-700",
};

export function NoticeLine({ notice, testId }: { notice: SettingNotice | null; testId: string }) {
  if (!notice) return null;
  return (
    <p role={notice.kind === "error" ? "alert" : "status"} data-testid={testId} data-kind={notice.kind} className={`text-sm ${NOTICE_CLASS[notice.kind]}`}>
      {notice.text}
    </p>
  );
}
