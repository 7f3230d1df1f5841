// Which feed format a file is, decided by its content, never by its name: an
// upload called feed.csv that is really a spreadsheet or an image is refused.
import type { FeedFormatName } from "./schema";

export const SNIFF_BYTES = 64 * 1024;

/**
 * XML, CSV or TSV for text that looks like one; null for binary data or text
 * that is none of them. CSV and TSV are told apart by the header line: more
 * tabs than commas is TSV.
 */
export function sniffTextFormat(bytes: Uint8Array): Exclude<FeedFormatName, "ZIP"> | null {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return null;
  const text = new TextDecoder("utf-8").decode(head);
  // Invalid UTF-8 decodes to U+FFFD: a few may be a stray Latin-1 byte, many mean binary.
  const replaced = (text.match(/\uFFFD/g) ?? []).length;
  if (replaced > Math.max(8, text.length / 100)) return null;
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (body.startsWith("<")) {
    if (/^<(!doctype\s+html|html[\s>])/i.test(body)) return null;
    return /^<(\?xml|!--|!doctype|[A-Za-z_])/i.test(body) ? "XML" : null;
  }
  const header = body.split(/\r?\n/, 1)[0] ?? "";
  const tabs = header.split("\t").length - 1;
  const commas = header.split(",").length - 1;
  if (tabs > 0 && tabs >= commas) return "TSV";
  if (commas > 0) return "CSV";
  return null;
}

/**
 * The format of fetched feed content, by signature: a zip local-file (or
 * empty-archive) header is ZIP, else the text formats. Synchronous and
 * dependency-free for the background job; an office document, which is a zip
 * too, is then read by the ZIP rules (unzip.ts: its first .xml part).
 */
export function sniffFeedFormat(bytes: Uint8Array): FeedFormatName | null {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
  return zip ? "ZIP" : sniffTextFormat(bytes);
}

/**
 * The feed format of an upload: ZIP when file-type recognises a plain zip archive
 * (not a docx/xlsx/jar, which are zips too), else the text formats.
 */
export async function detectFeedFormat(bytes: Uint8Array): Promise<FeedFormatName | null> {
  // Loaded on use: file-type is ESM-only and only this path needs it.
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(bytes);
  if (type) return type.ext === "zip" ? "ZIP" : type.ext === "xml" ? "XML" : null;
  return sniffTextFormat(bytes);
}
