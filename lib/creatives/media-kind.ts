// The media kind a creative's icon and preview draw (lists, details, the
// add-creatives table), from its type and stored MIME type. Client-safe.
import type { CreativeType } from "../generated/prisma/enums";

export type CreativeMediaIcon = "image" | "video" | "html" | "tag";

export function mediaIconOf(r: { type: CreativeType; mimeType: string | null }): CreativeMediaIcon {
  if (r.type === "THIRD_PARTY_AD_TAGS" || r.type === "THIRD_PARTY_VIDEO_AD_TAGS") return "tag";
  if (r.mimeType?.startsWith("image/")) return "image";
  if (r.mimeType === "text/html" || r.type === "ZIPPED_HTML" || r.type === "DYNAMIC_HTML" || r.type === "PLAYABLE") return "html";
  return r.mimeType ? "video" : r.type.includes("VIDEO") ? "video" : "image";
}
