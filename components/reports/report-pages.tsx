// The report pages' server parts: the advanced report and the
// typed reports read the URL, run the engine and hand the result to
// ReportView. Route files under app/(console)/report/ only pick the kind.
import type { SessionContext } from "@/lib/auth/context";
import { canWrite } from "@/lib/auth/roles";
import { groupedReportMetrics, reportMetricsForRole } from "@/lib/reports/metrics";
import { loadReportPage, type SearchParams } from "@/lib/report-pages/page";
import { recipientRuleFor } from "@/lib/report-templates/queries";
import { TYPED_REPORTS, type TypedReport } from "@/lib/reports/typed";
import { requireConsoleSession } from "@/lib/auth/request";
import { OptimizeButton } from "@/components/optimization/blocking-dialog";
import { PixelConversions } from "./pixel-conversions";
import { ReportView } from "./report-view";

const columnMetrics = (ctx: SessionContext) => reportMetricsForRole(ctx.role).map((m) => ({ id: m.id, title: m.title, type: m.type }));

export async function AdvancedReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireConsoleSession();
  const data = await loadReportPage(ctx, "advanced", await searchParams);
  const recipientRule = await recipientRuleFor(ctx);
  const metricGroups = groupedReportMetrics(ctx.role).map((g) => ({ ...g, metrics: g.metrics.map((m) => ({ id: m.id, title: m.title, hover: m.hover })) }));
  return (
    <ReportView
      title="Advanced Report"
      basePath="/report/advanced"
      data={data}
      metrics={columnMetrics(ctx)}
      metricGroups={metricGroups}
      canSave={canWrite(ctx.role)}
      recipientRule={recipientRule}
    />
  );
}

export async function TypedReportPage({ kind, searchParams }: { kind: TypedReport["kind"]; searchParams: Promise<SearchParams> }) {
  const ctx = await requireConsoleSession();
  const report = TYPED_REPORTS[kind];
  const { block, pixels, ...data } = await loadReportPage(ctx, kind, await searchParams);
  const recipientRule = await recipientRuleFor(ctx);
  const actions =
    kind === "inventory" && block ? (
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700" data-testid="report-block">
        <span>
          Block sites, apps or aggregators of <strong>{block.strategyName}</strong>:
        </span>
        <OptimizeButton strategyId={block.strategyId} strategyName={block.strategyName} eligibility={block.eligibility} canSave={block.canSave} />
      </div>
    ) : undefined;
  return (
    <ReportView title={report.title} basePath={report.path} data={data} metrics={columnMetrics(ctx)} groupings={report.groupings} notes={report.notes} actions={actions} canSave={canWrite(ctx.role)} recipientRule={recipientRule}>
      {pixels ? <PixelConversions report={pixels} currencyCode={data.result?.currencyCode ?? ctx.currencyCode} /> : null}
    </ReportView>
  );
}
