// Checks one uploaded image against its kind's rules (business.md 5 "Image
// upload"): size, extension, type BY CONTENT (magic bytes, never the name or
// the browser's MIME type), extension matching that content, dimensions (never
// more than ./dimensions.ts allows any image, whatever the kind).
// The first failed rule is the file's error, listed under its name.
import { oversizeImageText, readImageDimensions } from "./dimensions";
import { IMAGE_MESSAGES, IMAGE_RULES, type ImageKind } from "./schema";

/** Image formats we accept, by the extension file-type reports for the content. */
const CONTENT_TYPES = {
  jpg: { mime: "image/jpeg", label: "JPEG", extensions: ["jpg", "jpeg"] },
  png: { mime: "image/png", label: "PNG", extensions: ["png"] },
  gif: { mime: "image/gif", label: "GIF", extensions: ["gif"] },
} as const;
type ContentType = keyof typeof CONTENT_TYPES;

export type ImageCheck =
  | { ok: true; width: number; height: number; mime: string; ext: ContentType }
  | { ok: false; message: string };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The content type of `bytes` when it is one of ours, by magic bytes. */
export async function sniffImage(bytes: Uint8Array): Promise<ContentType | null> {
  // Loaded on use: file-type is ESM-only (jest transforms it; Next bundles it).
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(bytes);
  return type && type.ext in CONTENT_TYPES ? (type.ext as ContentType) : null;
}

export async function checkImage(kind: ImageKind, name: string, bytes: Uint8Array): Promise<ImageCheck> {
  const rule = IMAGE_RULES[kind];
  if (bytes.byteLength === 0) return { ok: false, message: IMAGE_MESSAGES.empty };
  if (bytes.byteLength > rule.maxKb * 1024) return { ok: false, message: IMAGE_MESSAGES.sizeExceeded(rule.maxKb) };
  const ext = extensionOf(name);
  if (!rule.extensions.includes(ext)) return { ok: false, message: IMAGE_MESSAGES.extension(rule.extensions) };

  const content = await sniffImage(bytes);
  const allowedContent = (Object.keys(CONTENT_TYPES) as ContentType[]).filter((t) =>
    CONTENT_TYPES[t].extensions.some((e) => rule.extensions.includes(e)),
  );
  if (!content || !allowedContent.includes(content)) return { ok: false, message: IMAGE_MESSAGES.content(rule.extensions) };
  // A JPEG called logo.png would be served as a JPEG under a .png name: refused,
  // so that the name in the library always tells what the file is.
  if (!(CONTENT_TYPES[content].extensions as readonly string[]).includes(ext)) {
    return { ok: false, message: IMAGE_MESSAGES.mismatch(CONTENT_TYPES[content].label, ext) };
  }

  const size = readImageDimensions(bytes);
  if (!size) return { ok: false, message: IMAGE_MESSAGES.unreadable };
  const oversize = oversizeImageText(size.width, size.height);
  if (oversize) return { ok: false, message: IMAGE_MESSAGES.oversize(oversize) };
  if (rule.dimensions && !rule.dimensions.some((d) => d.width === size.width && d.height === size.height)) {
    return { ok: false, message: IMAGE_MESSAGES.dimensions(size.width, size.height, rule.dimensions) };
  }
  return { ok: true, ...size, mime: CONTENT_TYPES[content].mime, ext: content };
}

/** Content type of a stored image by its (validated) extension; null for anything else. */
export function imageMimeForName(name: string): string | null {
  const ext = extensionOf(name);
  for (const t of Object.values(CONTENT_TYPES)) if ((t.extensions as readonly string[]).includes(ext)) return t.mime;
  return null;
}
