// The report routes (server-only):
//   POST /api/v1/reports             a definition (JSON body) → { respObject: ReportResult } (one page),
//                                    or every row as CSV (?format=csv or Accept: text/csv)
//   GET  /api/v1/reports/download    the advanced report's URL state (lib/reports/url-state.ts)
//                                    + format=csv|xlsx → the file (the page's download links)
// Both take an API key or the session (requireSessionOrApiKey: read-only keys
// may use the GET only, as for every POST); the engine scopes to the caller's
// licensee and drops the metrics the role may not see.
import "server-only";
import crypto from "node:crypto";
import { errorResponse } from "../account/rest";
import { readJsonObject } from "../api/execute";
import { requireSessionOrApiKey } from "../auth/session";
import { validationError } from "../data/action-result";
import { ReportDefinitionSchema } from "./definition";
import { REPORT_FORMATS, reportFileResponse, type ReportFormat } from "./export";
import { ReportTooLargeError, runReport } from "./run";
import { definitionFromSearch } from "./url-state";

const FORMAT_MESSAGE = `The format is one of ${REPORT_FORMATS.join(", ")}`;

function formatOf(value: string | null): ReportFormat {
  if ((REPORT_FORMATS as readonly string[]).includes(value ?? "")) return value as ReportFormat;
  throw validationError(["format"], FORMAT_MESSAGE, value);
}

async function handle(name: string, body: () => Promise<Response>): Promise<Response> {
  try {
    return await body();
  } catch (e) {
    const error = e instanceof ReportTooLargeError ? validationError([], e.message) : e;
    return errorResponse(error, name, crypto.randomUUID());
  }
}

export function postReport(request: Request): Promise<Response> {
  return handle("POST /api/v1/reports", async () => {
    const ctx = await requireSessionOrApiKey(request);
    const url = new URL(request.url);
    const asked = url.searchParams.get("format");
    const csv = asked ? formatOf(asked) === "csv" : (request.headers.get("accept") ?? "").toLowerCase().includes("text/csv");
    if (asked === "xlsx") throw validationError(["format"], "POST answers JSON or CSV; download XLSX from GET /api/v1/reports/download", asked);
    const def = ReportDefinitionSchema.parse(await readJsonObject(request));
    if (csv) return reportFileResponse(await runReport(ctx, def, { all: true }), "csv");
    const respObject = await runReport(ctx, def, { unlimitedPages: true });
    return Response.json({ respObject }, { headers: { "Cache-Control": "no-store" } });
  });
}

export function downloadReport(request: Request): Promise<Response> {
  return handle("GET /api/v1/reports/download", async () => {
    const ctx = await requireSessionOrApiKey(request);
    const params = new URL(request.url).searchParams;
    const format = formatOf(params.get("format"));
    const def = ReportDefinitionSchema.parse(definitionFromSearch(params));
    const name = params.get("name")?.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 40) || "report";
    return reportFileResponse(await runReport(ctx, def, { all: true }), format, name);
  });
}
