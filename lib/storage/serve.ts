// GET /api/files/<key>: a stored file, to a signed-in user of the licensee the
// key names (keys are "<namespace>/<licenseeId>/..."). Another licensee's file,
// a malformed key and a missing file are all the same 404. Only the image,
// creative, strategy export and report namespaces are served (catalog feeds
// never are), each only as the types it may hold; the content type comes from
// the extension, which the upload chose from the content, and nosniff stops a
// browser from guessing another.
//
// Documents a browser would run (HTML of HTML5 creatives, SVG) get
// `Content-Security-Policy: sandbox allow-scripts`: their scripts run in an
// opaque origin, never ours, so an uploaded ad cannot read the console's
// cookies, storage or API, even when opened directly. They may be framed by
// our own pages only (the sandboxed preview iframe); everything else keeps
// the inert `default-src 'none'; sandbox`. next.config.ts leaves these
// headers to this module for /api/files/* (Next keeps a config header over a
// route's own, so its DENY would stop the preview frame).
//
// The same files are served without a session under a path-signed URL
// (./signed.ts: /api/files/signed/<token>/<key>), for the sandboxed HTML5
// preview whose requests carry no cookie; only keys in the token's folder.
//
// Single byte ranges (`Range: bytes=a-b`, ./range.ts) are answered with 206,
// so a <video> can seek in a long video without loading all of it.
import { getSessionContext } from "../auth/session";
import { isValidKey } from "./keys";
import { openRangeArguments, parseRangeHeader } from "./range";
import { tokenSecondsLeft, verifyFolderToken } from "./signed";
import { storage } from "./index";

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

/** Creative files: uploaded media (by the extension the upload gave them) and what HTML5 archives hold. */
const CREATIVE_TYPES: Record<string, string> = {
  ...IMAGE_TYPES,
  webp: "image/webp",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  "3gp": "video/3gpp",
  "3g2": "video/3gpp2",
  flv: "video/x-flv",
  webm: "video/webm",
  m3u8: "application/vnd.apple.mpegurl",
  mpd: "application/dash+xml",
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  mp3: "audio/mpeg",
};

/** Strategy export files (lib/strategies/transfer/export.ts) and scheduled reports too large to mail (lib/report-templates/delivery.ts): downloads, never shown inline. */
const EXPORT_TYPES: Record<string, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Namespaces whose files may be shown in the console, with the types each may be served as. */
const SERVED_NAMESPACES: Record<string, Record<string, string>> = {
  images: IMAGE_TYPES,
  creatives: CREATIVE_TYPES,
  exports: EXPORT_TYPES,
  reports: EXPORT_TYPES,
};

/**
 * Namespaces whose keys name a user after the licensee ("exports/<licensee>/<user>/..."):
 * served to that user only, as attachments, and never under a signed URL.
 */
const PER_USER_NAMESPACES = new Set(["exports"]);

/** Namespaces served as attachments (never inline) and never under a signed URL: report files go to every user of their licensee, signed in. */
const DOWNLOAD_NAMESPACES = new Set(["exports", "reports"]);

/** Types a browser renders as a document that can run script. */
const ACTIVE_DOCUMENT_TYPES = new Set(["text/html; charset=utf-8", "image/svg+xml"]);

export const INERT_FILE_CSP = "default-src 'none'; sandbox";
export const ACTIVE_DOCUMENT_CSP = "sandbox allow-scripts; frame-ancestors 'self'";

/** Headers of every answer of the file routes, errors included (next.config.ts sets none here). */
const BASE_HEADERS = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": INERT_FILE_CSP, "X-Frame-Options": "DENY" };

const refused = (status: number, text: string) => new Response(text, { status, headers: { ...BASE_HEADERS, "Cache-Control": "no-store" } });
const notFound = () => refused(404, "Not found");

/** GET /api/files/<key>: for a signed-in user of the licensee the key names. */
export async function serveStoredFile(request: Request, segments: string[] | undefined): Promise<Response> {
  const ctx = await getSessionContext();
  if (!ctx) return refused(401, "Unauthorized");
  // Each segment on its own: a decoded "%2F" inside one segment is refused, not split.
  if (!segments || segments.length < 3 || !segments.every((s) => isValidKey(s))) return notFound();
  if (segments[1] !== String(ctx.licenseeId)) return notFound();
  if (PER_USER_NAMESPACES.has(segments[0]) && (segments.length < 4 || segments[2] !== String(ctx.userId))) return notFound();
  // Keys never change content (a new upload is a new key); private: served per licensee.
  return serveKey(request, segments, 3600);
}

/**
 * GET /api/files/signed/<token>/<key>: no session; the token (./signed.ts)
 * names a folder and an expiry. A bad or expired token is a bare 403, a key
 * outside the folder a 404: neither says more.
 */
export async function serveSignedFile(request: Request, token: string | undefined, segments: string[] | undefined): Promise<Response> {
  const now = new Date();
  const folder = token ? verifyFolderToken(token, now) : null;
  if (!folder || !token) return refused(403, "Forbidden");
  if (!segments || segments.length < 3 || !segments.every((s) => isValidKey(s))) return notFound();
  if (!segments.join("/").startsWith(folder + "/")) return notFound();
  if (DOWNLOAD_NAMESPACES.has(segments[0])) return notFound();
  // Cached no longer than the URL is good for.
  return serveKey(request, segments, Math.min(3600, tokenSecondsLeft(token, now)));
}

/** The file of a key the caller may see: its namespace and extension decide whether and as what. */
async function serveKey(request: Request, segments: string[], maxAgeSeconds: number): Promise<Response> {
  const namespace = segments[0];
  const types = Object.hasOwn(SERVED_NAMESPACES, namespace) ? SERVED_NAMESPACES[namespace] : null;
  const name = segments[segments.length - 1];
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  const type = types && Object.hasOwn(types, extension) ? types[extension] : undefined;
  if (!type) return notFound();
  const key = segments.join("/");
  const active = ACTIVE_DOCUMENT_TYPES.has(type);
  const headers: Record<string, string> = {
    ...BASE_HEADERS,
    "Content-Type": type,
    "Content-Disposition": `${DOWNLOAD_NAMESPACES.has(namespace) ? "attachment" : "inline"}; filename="${name}"`,
    "Content-Security-Policy": active ? ACTIVE_DOCUMENT_CSP : INERT_FILE_CSP,
    // The sandboxed preview frames creatives' HTML; every other file stays unframeable.
    "X-Frame-Options": active ? "SAMEORIGIN" : "DENY",
    "Cache-Control": `private, max-age=${maxAgeSeconds}`,
    "Accept-Ranges": "bytes",
  };
  const range = parseRangeHeader(request.headers.get("range"));
  if (!range) {
    const object = await storage().open(key);
    if (!object) return notFound();
    return new Response(object.stream, { headers: { ...headers, "Content-Length": String(object.size) } });
  }
  const part = await storage().openRange(key, ...openRangeArguments(range));
  if (!part) return notFound();
  if (part.last < part.first) {
    return new Response(null, { status: 416, headers: { ...BASE_HEADERS, "Content-Range": `bytes */${part.size}`, "Cache-Control": "no-store" } });
  }
  return new Response(part.stream, {
    status: 206,
    headers: { ...headers, "Content-Range": `bytes ${part.first}-${part.last}/${part.size}`, "Content-Length": String(part.last - part.first + 1) },
  });
}
