// The report operations of the REST API (server-only), declared in ./rest.ts
// and run by the router (lib/api/router.ts: API key or session, the error
// envelope) like every /api/v1 operation:
//   POST /api/v1/reports             a definition (JSON body) → { respObject: ReportResult } (one page),
//                                    or every row as CSV (?format=csv or Accept: text/csv)
//   GET  /api/v1/reports/download    the advanced report's URL state (lib/reports/url-state.ts)
//                                    + format=csv|xlsx → the file (the page's download links)
// Read-only keys may use the GET only, as for every POST (resolveApiKey); the
// engine scopes to the caller's licensee and drops the metrics the role may
// not see. A file is answered as its own Response, which the router passes on.
import "server-only";
import type { SessionContext } from "../auth/context";
import { readJsonBody } from "../net/read-body";
import { validationError } from "../validation/errors";
import { ReportDefinitionSchema, type ReportDefinition } from "./definition";
import { REPORT_FORMATS, reportFileResponse, type ReportFormat } from "./export";
import { ReportTooLargeError, runReport, type ReportResult } from "./run";
import { definitionFromSearch } from "./url-state";
import { withWorkKind } from "../connections/work";

const FORMAT_MESSAGE = `The format is one of ${REPORT_FORMATS.join(", ")}`;

function formatOf(value: string | null): ReportFormat {
  if ((REPORT_FORMATS as readonly string[]).includes(value ?? "")) return value as ReportFormat;
  throw validationError(["format"], FORMAT_MESSAGE, value);
}

/** Every row as a file; a report too large for one is the caller's to narrow (400), not a server failure. */
async function fileOf(ctx: SessionContext, def: ReportDefinition, format: ReportFormat, name?: string): Promise<Response> {
  // Every row of the report: the exports' statement timeout.
  const result = await withWorkKind("exports", () => runReport(ctx, def, { all: true })).catch((e: unknown) => {
    throw e instanceof ReportTooLargeError ? validationError([], e.message) : e;
  });
  return reportFileResponse(result, format, name);
}

export async function postReportOperation(ctx: SessionContext, request: Request): Promise<ReportResult | Response> {
  const asked = new URL(request.url).searchParams.get("format");
  const csv = asked ? formatOf(asked) === "csv" : (request.headers.get("accept") ?? "").toLowerCase().includes("text/csv");
  if (asked === "xlsx") throw validationError(["format"], "POST answers JSON or CSV; download XLSX from GET /api/v1/reports/download", asked);
  const def = ReportDefinitionSchema.parse(await readJsonBody(request));
  if (csv) return fileOf(ctx, def, "csv");
  return runReport(ctx, def, { unlimitedPages: true });
}

export async function downloadReportOperation(ctx: SessionContext, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const format = formatOf(params.get("format"));
  const def = ReportDefinitionSchema.parse(definitionFromSearch(params));
  const name = params.get("name")?.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 40) || "report";
  return fileOf(ctx, def, format, name);
}
