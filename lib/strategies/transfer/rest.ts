// The REST operations of strategy export and re-import (business.md 7
// "Strategy: export"; the console's export and import, available in
// /api/v1):
//   POST /api/v1/strategies/export      { campaignIds, startTimestamp, endTimestamp, format }
//        → { fileDownloadUrl } (small) or { exportId } whose status is
//   GET  /api/v1/strategies/export/{exportId} → { state, done, total, fileDownloadUrl? }
//   POST /api/v1/strategies/import?dryRun=true|false  multipart `file` (CSV or XLSX) or JSON { rows }
// The export runs the console's action definition; the import the same
// importStrategies as the console's dialog, which posts its file here.
import "server-only";
import type { SessionContext } from "../../auth/context";
import { executeAction } from "../../actions/define-action";
import { validationError } from "../../validation/errors";
import { ForbiddenError } from "../../errors";
import { requireWrite } from "../../data/gate";
import { scopeOf } from "../../data/scope";
import { sameOrigin } from "../../images/upload-route";
import { readBodyWithin } from "../../net/read-body";
import { todayIn } from "../../user-settings/date-range";
import { getUserTimeSettings } from "../../user-settings/queries";
import { exportStatusAction, exportStrategiesAction } from "./actions";
import { MAX_IMPORT_BYTES, FILE_MESSAGES, readTransferFile, TransferFileError } from "./file";
import { importStrategies, type ImportResult } from "./import";
import { ExportStatusInputSchema } from "./schema";
import { ExportAnswerSchema, ExportBodySchema, ExportStatusSchema, ImportJsonBodySchema, ImportQuerySchema, ImportResultSchema } from "./api-schema";
import { z } from "../../validation/z";
import { readJsonBody } from "../../net/read-body";
import { defineOperation, type RestOperation } from "../../rest/operation";
import { mapFileRows, mapJsonRows } from "./rows";

export async function exportOperation(ctx: SessionContext, body: unknown) {
  const input = ExportBodySchema.parse(body);
  const { iana } = await getUserTimeSettings(ctx);
  const day = (seconds: number) => todayIn(iana, new Date(seconds * 1000));
  return executeAction(exportStrategiesAction.definition, ctx, {
    campaignIds: input.campaignIds,
    from: day(input.startTimestamp),
    to: day(input.endTimestamp),
    format: input.format ?? "csv",
  });
}

export function exportStatusOperation(ctx: SessionContext, params: { exportId: string }) {
  return executeAction(exportStatusAction.definition, ctx, ExportStatusInputSchema.parse(params));
}

/** The import route's body cap: room for the multipart form around a file at the cap. */
export const IMPORT_BODY_LIMIT_BYTES = MAX_IMPORT_BYTES + 64 * 1024;

async function rowsOf(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  const body = await readBodyWithin(request, IMPORT_BODY_LIMIT_BYTES);
  if (body === null) throw validationError(["file"], FILE_MESSAGES.tooLarge);
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      throw validationError(["rows"], "The request body must be a JSON object with rows, or a multipart form with a file");
    }
    return mapJsonRows(ImportJsonBodySchema.parse(json).rows);
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw validationError(["file"], FILE_MESSAGES.unreadable);
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw validationError(["file"], "Choose a file");
  try {
    return mapFileRows(await readTransferFile(new Uint8Array(await file.arrayBuffer())));
  } catch (e) {
    if (e instanceof TransferFileError) throw validationError(["file"], e.message);
    throw e;
  }
}

/** The preview (dryRun, the default) or the all-or-nothing apply of a re-import. */
export async function importOperation(ctx: SessionContext, request: Request): Promise<ImportResult> {
  requireWrite(ctx); // before the body is read: read-only and demo callers learn nothing
  if (!sameOrigin(request)) throw new ForbiddenError("Cross-origin uploads are not allowed");
  const query = ImportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, errors } = await rowsOf(request);
  return importStrategies(scopeOf(ctx), { rows, errors, dryRun: query.dryRun !== "false" });
}

const tags = ["strategies"];

export const transferOperations: readonly RestOperation[] = [
  defineOperation({
    method: "POST", path: "/strategies/export", access: "read", operationId: "exportStrategies", tags,
    summary: "Export the active strategies of campaigns with their metrics (CSV or XLSX)",
    description:
      "Every active strategy of the campaigns (all the caller's licensee's: 404 otherwise) with id, version, campaign, the editable columns " +
      "(name, bid type, bid price, F-cap) and the metrics of the range (days of the caller's timezone) the caller's role may see. Up to 2,000 strategies " +
      "the answer carries fileDownloadUrl; larger exports run in the background and the answer carries exportId.",
    body: ExportBodySchema,
    response: { description: "The file's URL or the background export's id.", schema: ExportAnswerSchema },
    errors: [400, 403, 404],
    handle: async ({ ctx, request }) => exportOperation(ctx, await readJsonBody(request)),
  }),
  defineOperation({
    method: "GET", path: "/strategies/export/{exportId}", access: "read", operationId: "getStrategyExport", tags,
    summary: "The progress of a background export (the caller's own only)",
    params: ExportStatusInputSchema,
    response: { description: "Its state, progress and, once done, fileDownloadUrl.", schema: ExportStatusSchema },
    errors: [404],
    handle: ({ ctx, params }) => exportStatusOperation(ctx, params),
  }),
  defineOperation({
    method: "POST", path: "/strategies/import", access: "write", operationId: "importStrategies", tags,
    bodyLimitBytes: IMPORT_BODY_LIMIT_BYTES,
    summary: "Re-import edited strategies: a dry-run preview or an all-or-nothing apply",
    description:
      "A multipart form with `file` (an edited export, CSV or XLSX) or JSON rows. Each row's name, bid type, bid price and F-cap are merged into the " +
      "stored strategy and checked by the strategy rules; errors name the row and column. With dryRun=false the changes are written only when no row " +
      "has an error and no strategy changed since its exported version (then applied is true), one activity row per strategy.",
    query: ImportQuerySchema,
    body: {
      required: true,
      content: {
        "application/json": ImportJsonBodySchema,
        "multipart/form-data": z.object({ file: z.string().meta({ format: "binary" }) }),
      },
    },
    response: { description: "The preview, or what was applied.", schema: ImportResultSchema },
    errors: [400, 403],
    handle: ({ ctx, request }) => importOperation(ctx, request),
  }),
];
