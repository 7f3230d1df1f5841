// POST /api/uploads/images (multipart: `file` repeated, `kind`, `advertiserId`).
// A route handler rather than a server action because the browser reports
// upload progress only for its own requests (XMLHttpRequest.upload). Answers
// 200 { data: [{name, url, width, height}], errors: [{name, message}] }, or the
// error envelope of lib/rest/errors.ts (400, 401, 403, 404, 409, 413, and 429
// with Retry-After when the user already has their most uploads at once).
// The size cap holds while the body streams in, whatever Content-Length says
// (or when there is none: chunked uploads): the body is counted as it is read
// and the request answered 413 as soon as it passes the cap, so no more than
// the cap is ever held in memory; only then is the bounded body parsed.
import crypto from "node:crypto";
import { requireSession } from "../auth/session";
import { errorResponse } from "../rest/errors";
import { ForbiddenError } from "../errors";
import { requireWrite } from "../data/gate";
import { scopeOf } from "../data/scope";
import { validationError } from "../validation/errors";
import { MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from "./schema";
import { uploadImages } from "./upload";
import { readBodyWithin } from "../net/read-body";
import { beginUpload } from "../uploads/quota";

const NAME = "POST /api/uploads/images";
/** The largest body worth parsing: the most files, each at the limit, plus the form's own bytes. */
export const MAX_UPLOAD_BODY_BYTES = MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + 1024 * 1024;


/** The multipart form of an already bounded body. */
async function parseForm(body: Uint8Array<ArrayBuffer>, contentType: string | null): Promise<FormData> {
  try {
    return await new Response(body, { headers: { "content-type": contentType ?? "" } }).formData();
  } catch {
    throw validationError(["file"], "The upload is not a multipart form");
  }
}

/**
 * Cookies are SameSite=Lax, which still sends them from a sibling sub-domain
 * (acme.example.com → default.example.com is same-site): a browser's upload
 * must come from the host it is sent to. Non-browser clients send no Origin.
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const hosts = [request.headers.get("host"), request.headers.get("x-forwarded-host")?.split(",")[0]?.trim()];
  return hosts.some((h) => !!h && h.toLowerCase() === host.toLowerCase());
}

/** 413 in the error envelope (shared with the creative upload, lib/creatives/media/upload-route.ts). */
export function tooLarge(respId: string): Response {
  const message = "The upload is too large";
  return Response.json(
    { error: { code: 413, status: 413, message }, respId },
    { status: 413, headers: { "Cache-Control": "no-store" } },
  );
}

export async function handleImageUpload(request: Request): Promise<Response> {
  const respId = crypto.randomUUID();
  try {
    if (!sameOrigin(request)) throw new ForbiddenError("Cross-origin uploads are not allowed");
    const ctx = await requireSession();
    requireWrite(ctx); // before the body is read: a read-only user's files are never looked at
    // A declared length over the cap is refused unread; a smaller one is not trusted.
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_UPLOAD_BODY_BYTES) return tooLarge(respId);
    // One of the user's upload slots (lib/uploads/quota.ts) while the body is
    // held: it is read into memory here, so no temporary disk is counted.
    const lease = beginUpload(ctx.userId);
    try {
      const body = await readBodyWithin(request, MAX_UPLOAD_BODY_BYTES);
      if (!body) return tooLarge(respId);
      const form = await parseForm(body, request.headers.get("content-type"));
      const text = (key: string) => {
        const v = form.get(key);
        return typeof v === "string" ? v : undefined;
      };
      const files = form.getAll("file").filter((v): v is File => typeof v !== "string");
      const result = await uploadImages(scopeOf(ctx), { advertiserId: text("advertiserId"), kind: text("kind"), files });
      return Response.json(result, { headers: { "Cache-Control": "no-store" } });
    } finally {
      lease.release();
    }
  } catch (e) {
    return errorResponse(e, NAME, respId);
  }
}
