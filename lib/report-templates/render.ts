// A template's report as the file its e-mail carries: the report engine with
// every row (runReport all: true) written by the reports' own file writer.
import type { SessionContext } from "../auth/context";
import type { ReportDefinition } from "../reports/definition";
import { reportFile } from "../reports/export";
import { runReport } from "../reports/run";

export async function renderReportFile(ctx: SessionContext, definition: ReportDefinition, format: "CSV" | "XLSX", name: string) {
  const result = await runReport(ctx, definition, { all: true });
  const file = await reportFile(result, format === "XLSX" ? "xlsx" : "csv", name);
  return { filename: file.fileName, content: Buffer.from(file.body), contentType: file.contentType, rows: result.totalRows };
}
