// A report as a file: CSV or XLSX, one row per report row, then a totals
// row; entity dimensions get their id beside the name. Numbers are written
// as exact numbers (not the screen's K/M abbreviations): a file is for
// further work. Text cells that look like formulas are neutralised by the
// shared writers (lib/list/csv.ts; XLSX cells are typed, never formulas).
import "server-only";
import { csvFileName, type CsvCell } from "../list/csv";
import { writeTransferFile } from "../strategies/transfer/file";
import { DIMENSION_LABELS, isTimeDimension, type DimensionId } from "./dimensions";
import { getReportMetric } from "./metrics";
import type { ReportResult } from "./run";

export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const withId = (d: DimensionId) => !isTimeDimension(d) && !["country", "device", "os", "placement"].includes(d);

/** The header and the rows of the file (the totals row last). */
export function reportTable(result: ReportResult): { header: string[]; rows: CsvCell[][] } {
  const compared = result.rows.some((r) => r.previous);
  const title = (id: string) => getReportMetric(id)?.title ?? id;
  const header = [
    ...result.dimensions.flatMap((d) => (withId(d) ? [DIMENSION_LABELS[d], `${DIMENSION_LABELS[d]} ID`] : [DIMENSION_LABELS[d]])),
    ...result.metrics.map(title),
    ...(compared ? result.metrics.map((m) => `${title(m)} (previous period)`) : []),
  ];
  const rows: CsvCell[][] = result.rows.map((r) => [
    ...result.dimensions.flatMap((d) => (withId(d) ? [r.labels[d], r.keys[d]] : [r.labels[d]])),
    ...result.metrics.map((m) => r.values[m]),
    ...(compared ? result.metrics.map((m) => r.previous?.[m] ?? null) : []),
  ]);
  const pad = header.length - result.metrics.length * (compared ? 2 : 1);
  rows.push(["Total", ...Array<CsvCell>(pad - 1).fill(null), ...result.metrics.map((m) => result.totals[m]), ...(compared ? result.metrics.map((m) => result.previousTotals?.[m] ?? null) : [])]);
  return { header, rows };
}

export async function reportFile(result: ReportResult, format: ReportFormat, name = "report"): Promise<{ body: Uint8Array; contentType: string; fileName: string }> {
  const { header, rows } = reportTable(result);
  const body = await writeTransferFile(format, header, rows, "Report");
  const fileName = csvFileName(name, `${result.range.from}_${result.range.to}`).replace(/\.csv$/, `.${format}`);
  return { body, contentType: CONTENT_TYPES[format], fileName };
}

/** The HTTP answer carrying the file. */
export async function reportFileResponse(result: ReportResult, format: ReportFormat, name?: string): Promise<Response> {
  const file = await reportFile(result, format, name);
  return new Response(file.body as BodyInit, {
    headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.fileName}"`, "Cache-Control": "no-store" },
  });
}
