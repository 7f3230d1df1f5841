// /report/slicex/revenue: SliceX general analysis, a pivot of one metric over
// two dimensions (heat map, totals, drill-down into a cell).
import { requireConsoleSession } from "@/lib/auth/request";
import { loadPivotPage, type SearchParams } from "@/lib/slicex/page";
import { getReportMetric } from "@/lib/reports/metrics";
import { PivotControls } from "@/components/slicex/pivot-controls";
import { PivotTable } from "@/components/slicex/pivot-table";

export const dynamic = "force-dynamic";

export default async function SliceXRevenuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireConsoleSession();
  const data = await loadPivotPage(ctx, await searchParams);
  const metric = data.query ? getReportMetric(data.query.metric) : undefined;
  return (
    <div className="space-y-4 p-6">
      <div>
        <p className="text-sm text-slate-600">SliceX</p>
        <h1 className="text-2xl font-semibold text-slate-900">General Analysis</h1>
      </div>
      <PivotControls input={data.input} fieldErrors={data.fieldErrors} metrics={data.metrics} timezones={data.timezones} />
      {data.query && data.view && metric ? (
        data.view.allowed ? (
          <PivotTable pivot={data.view.pivot} query={data.query} metric={{ id: metric.id, title: metric.title, type: metric.type }} total={data.view.total} currencyCode={data.view.currencyCode} />
        ) : (
          <p role="alert" className="text-sm text-red-700">
            Your role cannot see this metric. Choose another.
          </p>
        )
      ) : null}
    </div>
  );
}
