// POST /v2/api/upload/creative (multipart: `file` repeated, `advertiserId`,
// `type` = the creative set type; optional query isPlacebo=true|false).
// A route handler rather than a server action because the browser reports
// upload progress only for its own requests (XMLHttpRequest.upload), and
// because bodies may be far larger than any server action allows. Answers
// 200 { data: UploadedCreativeFile[], errors: UploadFileError[] }, or the error
// envelope of lib/rest/errors.ts (400, 401, 403, 404, 409, 413, and 429 with
// Retry-After while the user's other uploads hold their room, lib/uploads/quota.ts).
//
// Same gate as the image upload (lib/images/upload-route.ts, whose helpers it
// shares): same-origin browsers only, the session and write role before the
// body is read, the advertiser through the tenant-scoped data layer (another
// licensee's answers 404). The body is streamed to temporary files
// (multipart.ts), never held in memory, and the temporary files are removed
// whatever happens.
import "server-only";
import crypto from "node:crypto";
import { errorResponse } from "../../rest/errors";
import { requireSession } from "../../auth/session";
import { validationError } from "../../validation/errors";
import { ForbiddenError } from "../../errors";
import { requireWrite } from "../../data/gate";
import { scopeOf } from "../../data/scope";
import { sameOrigin, tooLarge } from "../../images/upload-route";
import { receiveMultipart, removeReceived, MultipartError, type ReceivedForm } from "./multipart";
import { isCreativeType, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, MEDIA_KIND_BY_TYPE } from "./rules";
import { CREATIVE_UPLOAD_MESSAGES, uploadCreativeFiles } from "./upload";

const NAME = "POST /v2/api/upload/creative";
const LARGEST_FILE_BYTES = Math.max(...Object.values(MAX_FILE_BYTES));
/** The largest body worth reading: the most files, each at the largest limit, plus the form's own bytes. */
export const MAX_CREATIVE_UPLOAD_BODY_BYTES = MAX_FILES_PER_UPLOAD * LARGEST_FILE_BYTES + 1024 * 1024;

/** A file's limit: its kind's when the type came before it, else the largest (checked again after). */
function fileLimit(fields: Record<string, string>): number {
  const kind = isCreativeType(fields.type) ? MEDIA_KIND_BY_TYPE[fields.type] : null;
  return kind ? MAX_FILE_BYTES[kind] : LARGEST_FILE_BYTES;
}

function readPlacebo(url: string): boolean {
  const value = new URL(url).searchParams.get("isPlacebo");
  if (value === null || value === "false") return false;
  if (value === "true") return true;
  throw validationError(["isPlacebo"], CREATIVE_UPLOAD_MESSAGES.placebo);
}

export async function handleCreativeUpload(request: Request): Promise<Response> {
  const respId = crypto.randomUUID();
  let form: ReceivedForm | undefined;
  try {
    if (!sameOrigin(request)) throw new ForbiddenError("Cross-origin uploads are not allowed");
    const ctx = await requireSession();
    requireWrite(ctx); // before the body is read: a read-only user's files are never looked at
    // Accepted for the legacy call's sake; placebo is a property of the creative, saved with it.
    readPlacebo(request.url);
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_CREATIVE_UPLOAD_BODY_BYTES) return tooLarge(respId);
    try {
      form = await receiveMultipart(request, {
        fileField: "file",
        maxFiles: MAX_FILES_PER_UPLOAD,
        maxFileBytes: fileLimit,
        userId: ctx.userId,
        maxBodyBytes: MAX_CREATIVE_UPLOAD_BODY_BYTES,
      });
    } catch (e) {
      if (e instanceof MultipartError) throw validationError(["file"], e.message);
      throw e;
    }
    const result = await uploadCreativeFiles(scopeOf(ctx), {
      advertiserId: form.fields.advertiserId,
      type: form.fields.type,
      files: form.files,
      tooManyFiles: form.tooManyFiles,
    });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    return errorResponse(e, NAME, respId);
  } finally {
    if (form) await removeReceived(form);
  }
}
