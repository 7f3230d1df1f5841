// The REST answers of the advertiser's MMP postback key (GET
// /api/v1/advertisers/{id}/mmp-postback and POST .../mmp-postback/key,
// ./rest.ts), as the OpenAPI document shows them. Client-safe: schemas only.
import { z } from "../../validation/z";

const status = {
  advertiserId: z.number().int().meta({ description: "The advertiser." }),
  isSet: z.boolean().meta({ description: "Whether the advertiser has a postback key (its value is never readable again)." }),
  generatedAt: z.string().nullable().meta({ description: "When the current key was generated (ISO 8601); null when there is none." }),
};

export const PostbackKeyViewSchema = z.object({
  ...status,
  urlTemplate: z.string().meta({ description: "The postback URL to paste into the MMP: YOUR_POSTBACK_KEY stands for the key, and each {PLACEHOLDER} ({EVENT_NAME}, {IDFA_OR_GAID}, ...) is to be replaced by the MMP's own macro." }),
});

export const GeneratedPostbackKeyViewSchema = z.object({
  ...status,
  key: z.string().meta({ description: "The new key: shown this once; the previous key no longer works." }),
  url: z.string().meta({ description: "The postback URL with this key in it; each {PLACEHOLDER} is to be replaced by the MMP's own macro." }),
});

export type PostbackKeyView = z.infer<typeof PostbackKeyViewSchema>;
export type GeneratedPostbackKeyView = z.infer<typeof GeneratedPostbackKeyViewSchema>;
