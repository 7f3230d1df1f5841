// What the upload zone tells the user before they choose files: formats,
// size limit and the type's dimension (and bitrate) rule, from the same rule
// table the server applies (lib/creatives/media/rules.ts).
import {
  ACCEPT_BY_KIND,
  CTV_MAX_BITRATE_KBPS,
  DIMENSION_RULE_BY_TYPE,
  FORMATS_BY_KIND,
  limitText,
  MAX_FILE_BYTES,
  MEDIA_KIND_BY_TYPE,
  type CreativeType,
} from "@/lib/creatives/media/rules";

const FORMAT_NAMES: Record<string, string> = { jpg: "JPG", png: "PNG", gif: "GIF", zip: "ZIP (HTML5)", dash: "DASH", hls: "HLS" };

export function uploadHint(type: CreativeType): string {
  const kind = MEDIA_KIND_BY_TYPE[type];
  if (!kind) return "This creative type takes no file";
  const formats = FORMATS_BY_KIND[kind].map((f) => FORMAT_NAMES[f] ?? f.toUpperCase()).join(", ");
  const parts = [`${formats} up to ${limitText(MAX_FILE_BYTES[kind])}`];
  const rule = DIMENSION_RULE_BY_TYPE[type];
  if (rule.kind === "sizes") parts.push(`sizes ${rule.sizes.join(", ")}`);
  if (rule.kind === "aspect") {
    parts.push(`aspect ratio ${rule.ratios.join(", ")}${rule.minWidth ? `, at least ${rule.minWidth}x${rule.minHeight}` : ""}`);
  }
  if (kind === "ctv_video") parts.push(`at most ${CTV_MAX_BITRATE_KBPS} Kbps`);
  return parts.join("; ");
}

export function acceptFor(type: CreativeType): string {
  const kind = MEDIA_KIND_BY_TYPE[type];
  return kind ? ACCEPT_BY_KIND[kind] : "";
}
