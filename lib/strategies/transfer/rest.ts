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
import { validationError } from "../../data/action-result";
import { ForbiddenError } from "../../data/errors";
import { requireWrite } from "../../data/gate";
import { sameOrigin } from "../../images/upload-route";
import { readBodyWithin } from "../../net/read-body";
import { todayIn } from "../../user-settings/date-range";
import { getUserTimeSettings } from "../../user-settings/queries";
import { exportStatusAction, exportStrategiesAction } from "./actions";
import { MAX_IMPORT_BYTES, FILE_MESSAGES, readTransferFile, TransferFileError } from "./file";
import { importStrategies, type ImportResult } from "./import";
import { ExportStatusInputSchema } from "./schema";
import { ExportBodySchema, ImportJsonBodySchema, ImportQuerySchema } from "./api-schema";
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
  return importStrategies(ctx, { rows, errors, dryRun: query.dryRun !== "false" });
}
