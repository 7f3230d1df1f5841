"use client";
// Small building blocks of the SETTINGS tab: an on/off switch and the result
// line of a save (fields use components/ui/field, buttons components/ui/button).

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
