// A small ranked table (top 5 by advertiser spend) of advertisers or campaigns.
import Link from "next/link";
import { formatMetricValue } from "@/lib/format";
import type { MetricColumn, TopEntity } from "@/lib/metrics/home";

export function TopEntitiesTable(props: {
  title: string;
  testId: string;
  kind: "advertiser" | "campaign";
  rows: TopEntity[];
  columns: MetricColumn[];
  currencyCode: string;
}) {
  const { title, testId, kind, rows, columns, currencyCode } = props;
  return (
    <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs" aria-label={title}>
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">{title}</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid={testId}>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">Name</th>
              {columns.map((c) => (
                <th key={c.id} scope="col" title={c.hover} className="px-3 py-2 text-right whitespace-nowrap">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="px-4 py-8 text-center text-slate-500">
                  No delivery in this date range.
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} data-testid={`${testId}-row`}>
                  <td className="max-w-56 px-4 py-2">
                    <Link href={`/${kind}/details/${r.id}`} className="block truncate font-medium text-primary hover:underline" title={r.name}>
                      {r.name}
                    </Link>
                    {r.parentName && <span className="block truncate text-xs text-slate-500">{r.parentName}</span>}
                  </td>
                  {columns.map((c) => (
                    <td key={c.id} className="px-3 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums" data-metric={c.id}>
                      {formatMetricValue(r.values[c.id], c.type, currencyCode)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
