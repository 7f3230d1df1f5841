"use client";
// The blocking dialog's right side (shell.md 2.13): the new selection (count,
// BLOCK badge, 'Clear all', a removable chip per item) and the existing
// selection ('Already Targeted' or 'Already Blocked', count, chips); and the
// 'already optimized' state when nothing is left to block.
import type { NamedId, TargetingMode } from "@/lib/optimization/blocking/schema";
import { BLOCKING_MESSAGES as M } from "@/lib/optimization/blocking/schema";
import { Button } from "@/components/ui/button";

function Chip({ item, onRemove }: { item: NamedId; onRemove?: (item: NamedId) => void }) {
  return (
    <li className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-slate-50 px-2.5 py-0.5 text-xs text-slate-700" data-testid={`blocking-chip-${item.id}`}>
      <span className="truncate">{item.name}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={() => onRemove(item)}
          aria-label={`Remove ${item.name}`}
          className="rounded-full px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          ×
        </button>
      ) : null}
    </li>
  );
}

function Panel({ title, count, badge, action, children, testId }: { title: string; count: number; badge?: string; action?: React.ReactNode; children: React.ReactNode; testId: string }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <header className="mb-2 flex items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
        <span className="rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-700" data-testid={`${testId}-count`}>
          {count}
        </span>
        {badge ? <span className="rounded bg-red-100 px-1.5 text-[10px] font-bold tracking-wide text-red-700">{badge}</span> : null}
        <span className="ml-auto">{action}</span>
      </header>
      {children}
    </section>
  );
}

export function NewSelectionPanel({ items, onRemove, onClear }: { items: NamedId[]; onRemove(item: NamedId): void; onClear(): void }) {
  return (
    <Panel
      title="New Selection"
      count={items.length}
      badge="BLOCK"
      testId="blocking-new-selection"
      action={
        <Button variant="link" size="xs" onClick={onClear} disabled={items.length === 0} data-testid="blocking-clear-all">
          Clear all
        </Button>
      }
    >
      {items.length === 0 ? (
        <p className="text-xs text-slate-500">Select suggestions and choose &apos;Add to blocked&apos;.</p>
      ) : (
        <ul className="flex max-h-48 flex-wrap gap-1.5 overflow-auto">
          {items.map((item) => (
            <Chip key={item.id} item={item} onRemove={onRemove} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function ExistingSelectionPanel({ mode, targetList, blockedList, what }: { mode: TargetingMode; targetList: NamedId[]; blockedList: NamedId[]; what: string }) {
  if (mode === "all") {
    return (
      <p role="note" className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-800" data-testid="blocking-existing-all">
        {M.allTargeted(what)}
      </p>
    );
  }
  const items = mode === "target" ? targetList : blockedList;
  const title = mode === "target" ? "Already Targeted" : "Already Blocked";
  return (
    <Panel title={title} count={items.length} testId="blocking-existing">
      <ul className="flex max-h-48 flex-wrap gap-1.5 overflow-auto">
        {items.map((item) => (
          <Chip key={item.id} item={item} />
        ))}
      </ul>
    </Panel>
  );
}

export function OptimizedState() {
  return (
    <div role="status" className="flex flex-col items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-8 text-center" data-testid="blocking-optimized">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-emerald-600" fill="none" stroke="currentColor" strokeWidth={2}>
        <circle cx="12" cy="12" r="10" />
        <path d="M7 12.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="font-semibold text-emerald-800">{M.optimizedTitle}</p>
      <p className="text-sm text-emerald-700">{M.nothingToBlock}</p>
    </div>
  );
}
