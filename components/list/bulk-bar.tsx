"use client";
// Bulk activate / deactivate of the selected rows (shell.md 4). Disabled for
// demo users; never rendered for read-only users.
export function BulkBar({
  selected,
  enabled,
  busy,
  onAction,
}: {
  selected: number;
  enabled: boolean;
  busy: boolean;
  onAction(active: boolean): void;
}) {
  const disabled = !enabled || busy || selected === 0;
  const button =
    "rounded-md border px-3 py-1.5 text-sm font-medium shadow-xs transition disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600" data-testid="bulk-bar">
      <span data-testid="selected-count" className="tabular-nums">
        {selected} selected
      </span>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onAction(true)}
        className={`${button} border-emerald-300 bg-white text-emerald-700 hover:bg-emerald-50`}
      >
        Activate
      </button>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onAction(false)}
        className={`${button} border-red-300 bg-white text-red-700 hover:bg-red-50`}
      >
        Deactivate
      </button>
    </div>
  );
}
