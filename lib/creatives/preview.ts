// An HTML5 creative's preview URL: signed for its upload folder
// (lib/storage/signed.ts), so the sandboxed iframe loads its own CSS, scripts
// and images without the session cookie. Other creatives have none.
import "server-only";
import type { CreativeType } from "../generated/prisma/enums";
import { signedUrlOf } from "../storage/signed";
import { mediaIconOf } from "./media-kind";

export function htmlPreviewUrl(r: { type: CreativeType; mimeType: string | null; fileUrl: string | null }): string | null {
  return mediaIconOf(r) === "html" ? signedUrlOf(r.fileUrl) : null;
}
