// Checks an uploaded feed file from a multipart form: size first, then the
// type from the content (never from the name or the browser's MIME type).
import { validationError } from "../validation/errors";
import type { FeedUpload } from "./mutations";
import { MAX_FEED_BYTES, sizeLimitMessage } from "./schema";
import { detectFeedFormat } from "./sniff";

export const UPLOAD_MESSAGES = {
  unsupported: "Unsupported file type: upload a CSV, TSV, XML or ZIP feed",
} as const;

const fileError = (message: string) => validationError(["file"], message);

/** undefined when no file was sent (the mutation asks for one); a field error when it is not acceptable. */
export async function readUpload(value: FormDataEntryValue | null, maxBytes = MAX_FEED_BYTES): Promise<FeedUpload | undefined> {
  if (!value || typeof value === "string" || value.size === 0) return undefined;
  if (value.size > maxBytes) throw fileError(sizeLimitMessage(maxBytes));
  const bytes = new Uint8Array(await value.arrayBuffer());
  const format = await detectFeedFormat(bytes);
  if (!format) throw fileError(UPLOAD_MESSAGES.unsupported);
  return { name: value.name || "feed", bytes, format };
}
