"use client";
// One preset in the Account Preferences list (shell.md 2.12): expandable,
// showing its Grid Metrics (titles) and Grid row limit; Apply or 'Applied';
// Edit and Delete for custom presets only; Clone.
import { useState } from "react";
import type { PresetView } from "@/lib/preferences/mutations";
import { Button } from "@/components/ui/button";
import { columnTitle } from "./column-catalogue";

export function PresetCard({
  preset,
  canEdit,
  busy,
  onApply,
  onEdit,
  onClone,
  onDelete,
}: {
  preset: PresetView;
  canEdit: boolean;
  busy: boolean;
  onApply: () => void;
  onEdit: () => void;
  onClone: () => void;
  onDelete: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  return (
    <li data-testid="preset-card" data-preset-name={preset.name} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex items-center gap-3 px-4 py-3">
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
          className="flex min-w-0 flex-1 items-center gap-2 text-left"
        >
          <svg viewBox="0 0 20 20" className={`h-4 w-4 shrink-0 text-slate-500 transition ${expanded ? "rotate-90" : ""}`} aria-hidden="true">
            <path d="M7 5l6 5-6 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span className="truncate text-sm font-semibold text-slate-900">{preset.name}</span>
          <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-600">{preset.custom ? "Custom" : "System"}</span>
        </button>
        <div className="flex shrink-0 items-center gap-1">
          {preset.selected ? (
            <span data-testid="preset-applied" className="rounded bg-emerald-50 px-2 py-1 text-xs font-semibold text-emerald-700">
              Applied
            </span>
          ) : (
            <Button variant="link" size="xs" className="px-2 py-1" disabled={busy} onClick={onApply}>
              Apply
            </Button>
          )}
          {preset.custom && (
            <Button variant="link" size="xs" className="px-2 py-1" disabled={busy || !canEdit} onClick={onEdit}>
              Edit
            </Button>
          )}
          <Button variant="link" size="xs" className="px-2 py-1" disabled={busy || !canEdit} onClick={onClone}>
            Clone
          </Button>
          {preset.custom && (
            <Button variant="danger-link" size="xs" className="px-2 py-1" disabled={busy || !canEdit} onClick={onDelete}>
              Delete
            </Button>
          )}
        </div>
      </div>
      {expanded && (
        <dl className="border-t border-slate-100 px-4 py-3 text-sm">
          <dt className="font-medium text-slate-700">Grid Metrics</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {preset.columns.map((id) => (
              <span key={id} className="rounded bg-accent px-2 py-0.5 text-xs text-accent-foreground">
                {columnTitle(id)}
              </span>
            ))}
          </dd>
          <dt className="mt-3 font-medium text-slate-700">Grid row limit</dt>
          <dd className="mt-1 text-slate-800">{preset.rowLimit}</dd>
        </dl>
      )}
    </li>
  );
}
