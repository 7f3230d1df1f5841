// The 15 creative types of business.md 3 as the console names them, for
// creatives and creative sets alike (lists, filters, forms, details), with
// the DCO marker (shell.md 3 "type (DCO marker)", "creativeSetType plus
// dcoAd flag"): "Image (DCO)". Client-safe: no server imports.
import { CreativeType } from "../generated/prisma/enums";

/** The 15 creative types, in the dictionary's order. */
export const CREATIVE_TYPES = Object.values(CreativeType);

export const CREATIVE_TYPE_LABELS: Record<CreativeType, string> = {
  IMAGE: "Image",
  VIDEO: "Video",
  NATIVE_ICON: "Native Icon",
  ZIPPED_HTML: "Zipped HTML",
  NATIVE_IMAGE: "Native Image",
  NATIVE_VIDEO: "Native Video",
  THIRD_PARTY_AD_TAGS: "Third-party Ad Tags",
  THIRD_PARTY_VIDEO_AD_TAGS: "Third-party Video Ad Tags",
  DYNAMIC_MACRO: "Dynamic Macro",
  DYNAMIC_HTML: "Dynamic HTML",
  DYNAMIC_VIDEO: "Dynamic Video",
  HYBRID_STATIC_AD: "Hybrid Static Ad",
  HYBRID_DYNAMIC_AD: "Hybrid Dynamic Ad",
  CTV_VIDEO: "CTV Video",
  PLAYABLE: "Playable",
};

/** The type as lists and details show it, " (DCO)" added for DCO creatives and sets. */
export function creativeTypeText(type: string, dco = false): string {
  const label = CREATIVE_TYPE_LABELS[type as CreativeType] ?? type;
  return dco ? `${label} (DCO)` : label;
}
