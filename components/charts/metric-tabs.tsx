"use client";
// The row of pills that picks which metric a chart shows (the daily chart,
// the report chart).
export function MetricTabs({ metrics, selected, onSelect, testIdPrefix }: { metrics: Array<{ id: string; title: string }>; selected: string; onSelect(id: string): void; testIdPrefix?: string }) {
  return (
    <div role="tablist" aria-label="Chart metric" className="mb-3 flex flex-wrap gap-2">
      {metrics.map((m) => (
        <button
          key={m.id}
          type="button"
          role="tab"
          aria-selected={m.id === selected}
          onClick={() => onSelect(m.id)}
          data-testid={testIdPrefix ? `${testIdPrefix}${m.id}` : undefined}
          className={`rounded-full border px-3 py-1 text-xs font-medium ${
            m.id === selected ? "border-primary bg-accent text-accent-foreground" : "border-slate-200 text-slate-600 hover:bg-slate-50"
          }`}
        >
          {m.title}
        </button>
      ))}
    </div>
  );
}
