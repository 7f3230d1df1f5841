// Headline metric tiles (home dashboard, advertiser analytics).
import { formatMetricValue } from "@/lib/format";
import type { MetricColumn } from "@/lib/metrics/home";

export function MetricTiles({
  tiles,
  currencyCode,
  testIdPrefix,
}: {
  tiles: Array<MetricColumn & { value: number | null }>;
  currencyCode: string;
  testIdPrefix: string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-4" aria-label="Headline metrics">
      {tiles.map((t) => (
        <li key={t.id}>
          <div data-testid={`${testIdPrefix}-${t.id}`} title={t.hover} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
            <p className="text-sm font-medium text-slate-500">{t.title}</p>
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid="tile-value">
              {formatMetricValue(t.value, t.type, currencyCode)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
