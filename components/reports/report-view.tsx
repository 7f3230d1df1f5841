"use client";
// A report page: its title and notes, the builder, then the result: the row
// limit's message (with the downloads), the chart, the table with totals,
// and the CSV / XLSX downloads of the same URL state.
import { useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { WarningNote } from "@/components/ui/warning-note";
import { formatDate } from "@/lib/format";
import type { ReportPageData } from "@/lib/report-pages/page";
import { SaveReportTemplateDialog } from "@/components/report-templates/save-report-template-dialog";
import { ReportBuilder, type MetricGroupOption } from "./report-builder";
import { ReportChart } from "./report-chart";
import { ReportTable, type ColumnMetric } from "./report-table";
import type { TypedReport } from "@/lib/reports/typed";
import type { RecipientRule } from "@/lib/report-templates/recipients";

export interface ReportViewProps {
  title: string;
  basePath: string;
  data: Omit<ReportPageData, "block" | "pixels">;
  metrics: ColumnMetric[];
  metricGroups?: MetricGroupOption[];
  groupings?: TypedReport["groupings"];
  notes?: string[];
  /** Shown above the table (the inventory report's block shortcut). */
  actions?: ReactNode;
  /** Shown under the table (the conversion report's pixels). */
  children?: ReactNode;
  /** May the user save the report as a template (Report Templates and Scheduling)? Read-only users see the button disabled. */
  canSave?: boolean;
  /** Who may receive the licensee's scheduled reports (the save dialog's schedule shows it). */
  recipientRule: RecipientRule;
}

export function ReportView({ title, basePath, data, metrics, metricGroups, groupings, notes = [], actions, children, canSave = false, recipientRule }: ReportViewProps) {
  const router = useRouter();
  // A sort or page asked for: the rows stay, dimmed under 'Refreshing data...', until the page re-renders.
  const [refreshing, startRefresh] = useTransition();
  const { result } = data;
  const shown = result ? metrics.filter((m) => result.metrics.includes(m.id)) : [];
  const go = (patch: Record<string, string | null>) => {
    const p = new URLSearchParams(data.query);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    startRefresh(() => router.push(`${basePath}?${p}`));
  };
  const download = (format: string) => `/api/v1/reports/download?${data.query}&format=${format}&name=${encodeURIComponent(title.replace(/\s+/g, "-").toLowerCase())}`;
  const sort = data.definition?.sort ?? null;

  return (
    <div className="space-y-4 p-6" data-testid="report-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {result ? (
          <div className="flex gap-2">
            {data.definition ? (
              <SaveReportTemplateDialog
                reportType={data.kind}
                definition={data.definition}
                timezone={result.timezone}
                defaultName={title}
                recipientRule={recipientRule}
                disabled={!canSave}
              />
            ) : null}
            <a className={buttonClass("secondary", "sm")} href={download("csv")} download data-testid="report-download-csv">
              Download CSV
            </a>
            <a className={buttonClass("secondary", "sm")} href={download("xlsx")} download data-testid="report-download-xlsx">
              Download XLSX
            </a>
          </div>
        ) : null}
      </div>
      {notes.map((n) => (
        <p key={n} className="text-sm text-slate-600">
          {n}
        </p>
      ))}
      <ReportBuilder
        key={data.query || "invalid"}
        basePath={basePath}
        input={data.input}
        fieldErrors={data.fieldErrors}
        formError={data.formError}
        timezones={data.timezones}
        countries={data.countries}
        filterLabels={data.filterLabels}
        metricGroups={metricGroups}
        groupings={groupings}
      />
      {actions}
      {result ? (
        <>
          <p className="text-sm text-slate-600" data-testid="report-summary">
            {formatDate(result.range.from)} – {formatDate(result.range.to)} ({result.timezone}), {result.totalRows.toLocaleString("en-US")} rows
            {result.previousRange ? ` · compared with ${formatDate(result.previousRange.from)} – ${formatDate(result.previousRange.to)}` : ""}
          </p>
          {result.tooManyRows ? (
            <WarningNote testId="report-too-many-rows" emphasized>
              {result.tooManyRows}
            </WarningNote>
          ) : (
            <>
              <ReportChart result={result} metrics={shown} />
              <ReportTable
                result={result}
                metrics={shown}
                sort={sort ? { id: sort.by, desc: sort.desc } : null}
                loading={refreshing}
                onSort={(next) => go({ sort: next?.id ?? null, desc: next ? (next.desc ? "1" : "0") : null, page: null })}
                onPage={(next) => go({ page: String(next.pageIndex + 1), size: String(next.pageSize) })}
              />
            </>
          )}
        </>
      ) : null}
      {children}
    </div>
  );
}
