// POST /api/v1/audiences/{id}/upload (multipart: `encoding` NONE | MD5 |
// SHA256, then `file`): the CRM upload of the details page (which posts with
// XMLHttpRequest to show upload progress) and of API callers alike. A route
// handler rather than a server action: progress is reported only for the
// browser's own requests, and files may be far larger than an action allows.
// The gate comes before the body is read (session or API key, write role,
// same-origin browser, the audience); the body streams to a temporary file
// (lib/creatives/media/multipart.ts), cut off past the size limit, and the
// temporary file is removed whatever happens.
import "server-only";
import type { SessionContext } from "../../auth/context";
import { validationError } from "../../validation/errors";
import { ForbiddenError } from "../../errors";
import { requireWrite } from "../../data/gate";
import { scopeOf } from "../../data/scope";
import { sameOrigin } from "../../images/upload-route";
import { MultipartError, receiveMultipart, removeReceived, type ReceivedForm } from "../../creatives/media/multipart";
import { CRM_UPLOAD_MESSAGES, MAX_CRM_FILE_BYTES } from "./identifiers";
import { uploadableAudience, uploadCrmFile, type CrmUploadResult } from "./upload";

/** The route's body cap: room for the form's own bytes around a file at the limit. */
export const CRM_UPLOAD_BODY_LIMIT_BYTES = MAX_CRM_FILE_BYTES + 64 * 1024;

export async function crmUploadOperation(ctx: SessionContext, request: Request, params: { id: string }): Promise<CrmUploadResult> {
  requireWrite(ctx); // before the body is read: read-only and demo callers' files are never looked at
  if (!sameOrigin(request)) throw new ForbiddenError("Cross-origin uploads are not allowed");
  const scope = scopeOf(ctx);
  await uploadableAudience(scope.db, params.id);
  if (Number(request.headers.get("content-length") ?? "0") > CRM_UPLOAD_BODY_LIMIT_BYTES) throw validationError(["file"], CRM_UPLOAD_MESSAGES.tooLarge);
  let form: ReceivedForm;
  try {
    form = await receiveMultipart(request, { fileField: "file", maxFiles: 1, maxFileBytes: () => MAX_CRM_FILE_BYTES, userId: ctx.userId });
  } catch (e) {
    if (e instanceof MultipartError) throw validationError(["file"], e.message);
    throw e;
  }
  try {
    return await uploadCrmFile(scope, params.id, { encoding: form.fields.encoding, file: form.files[0] });
  } finally {
    await removeReceived(form);
  }
}
