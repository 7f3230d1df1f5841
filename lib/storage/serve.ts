// GET /api/files/<key>: a stored file, to a signed-in user of the licensee the
// key names (keys are "<namespace>/<licenseeId>/..."). Another licensee's file,
// a malformed key and a missing file are all the same 404. Only the image and
// creative namespaces are served (catalog feeds never are), each only as the
// types it may hold; the content type comes from the extension, which the
// upload chose from the content, and nosniff stops a browser from guessing another.
//
// Documents a browser would run (HTML of HTML5 creatives, SVG) get
// `Content-Security-Policy: sandbox allow-scripts`: their scripts run in an
// opaque origin, never ours, so an uploaded ad cannot read the console's
// cookies, storage or API, even when opened directly. They may be framed by
// our own pages only (the sandboxed preview iframe); everything else keeps
// the inert `default-src 'none'; sandbox`.
import { getSessionContext } from "../auth/session";
import { isValidKey } from "./keys";
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

/** Namespaces whose files may be shown in the console, with the types each may be served as. */
const SERVED_NAMESPACES: Record<string, Record<string, string>> = {
  images: IMAGE_TYPES,
  creatives: CREATIVE_TYPES,
};

/** Types a browser renders as a document that can run script. */
const ACTIVE_DOCUMENT_TYPES = new Set(["text/html; charset=utf-8", "image/svg+xml"]);

export const INERT_FILE_CSP = "default-src 'none'; sandbox";
export const ACTIVE_DOCUMENT_CSP = "sandbox allow-scripts; frame-ancestors 'self'";

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });

export async function serveStoredFile(_request: Request, segments: string[] | undefined): Promise<Response> {
  const ctx = await getSessionContext();
  if (!ctx) return new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "no-store" } });
  // Each segment on its own: a decoded "%2F" inside one segment is refused, not split.
  if (!segments || segments.length < 3 || !segments.every((s) => isValidKey(s))) return notFound();
  const [namespace, licensee] = segments;
  const types = Object.hasOwn(SERVED_NAMESPACES, namespace) ? SERVED_NAMESPACES[namespace] : null;
  if (!types || licensee !== String(ctx.licenseeId)) return notFound();
  const name = segments[segments.length - 1];
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  const type = Object.hasOwn(types, extension) ? types[extension] : undefined;
  if (!type) return notFound();
  const object = await storage().open(segments.join("/"));
  if (!object) return notFound();
  const active = ACTIVE_DOCUMENT_TYPES.has(type);
  return new Response(object.stream, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(object.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${name}"`,
      "Content-Security-Policy": active ? ACTIVE_DOCUMENT_CSP : INERT_FILE_CSP,
      // The sandboxed preview frames creatives' HTML; every other file stays unframeable.
      ...(active ? { "X-Frame-Options": "SAMEORIGIN" } : {}),
      // Keys never change content (a new upload is a new key); private: served per licensee.
      "Cache-Control": "private, max-age=3600",
    },
  });
}
