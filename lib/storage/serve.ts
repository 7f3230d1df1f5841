// GET /api/files/<key>: a stored file, to a signed-in user of the licensee the
// key names (keys are "<namespace>/<licenseeId>/..."). Another licensee's file,
// a malformed key and a missing file are all the same 404. Only image
// namespaces are served, and only as the image types we accept; the content
// type comes from the extension, which the upload checked against the content,
// and nosniff stops a browser from guessing another one.
import { getSessionContext } from "../auth/session";
import { isValidKey } from "./keys";
import { storage } from "./index";

/** Namespaces whose files may be shown in the console (catalog feeds are never served back). */
const SERVED_NAMESPACES = new Set(["images"]);

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });

export async function serveStoredFile(_request: Request, segments: string[] | undefined): Promise<Response> {
  const ctx = await getSessionContext();
  if (!ctx) return new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "no-store" } });
  // Each segment on its own: a decoded "%2F" inside one segment is refused, not split.
  if (!segments || segments.length < 3 || !segments.every((s) => isValidKey(s))) return notFound();
  const [namespace, licensee] = segments;
  if (!SERVED_NAMESPACES.has(namespace) || licensee !== String(ctx.licenseeId)) return notFound();
  const name = segments[segments.length - 1];
  const type = CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()];
  if (!type) return notFound();
  const object = await storage().open(segments.join("/"));
  if (!object) return notFound();
  return new Response(object.stream, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(object.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${name}"`,
      "Content-Security-Policy": "default-src 'none'; sandbox",
      // Keys never change content (a new upload is a new key); private: served per licensee.
      "Cache-Control": "private, max-age=3600",
    },
  });
}
