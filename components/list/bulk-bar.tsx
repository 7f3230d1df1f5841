"use client";
// Bulk activate / deactivate of the selected rows (shell.md 4). Disabled for
// demo users; never rendered for read-only users.
import { Button } from "@/components/ui/button";

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
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600" data-testid="bulk-bar">
      <span data-testid="selected-count" className="tabular-nums">
        {selected} selected
      </span>
      <Button variant="success-outline" size="sm" disabled={disabled} onClick={() => onAction(true)}>
        Activate
      </Button>
      <Button variant="danger-outline" size="sm" disabled={disabled} onClick={() => onAction(false)}>
        Deactivate
      </Button>
    </div>
  );
}
