// The OpenAPI document's MMP postback key operations beside the advertisers'
// resource: GET /api/v1/advertisers/{id}/mmp-postback and POST
// /api/v1/advertisers/{id}/mmp-postback/key (lib/audiences/postback/rest.ts),
// the advertiser SETTINGS tab's postback section for API callers.
// Client-safe: schemas only.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { GeneratedPostbackKeyViewSchema, PostbackKeyViewSchema } from "../audiences/postback/api-schema";
import { GetInputSchema } from "./read";
import { envelope, errors } from "./openapi-parts";

const TAGS = ["advertisers"];
const path = { path: GetInputSchema };

export function mmpPostbackOperations(): ZodOpenApiPathsObject {
  return {
    "/advertisers/{id}/mmp-postback": {
      get: {
        operationId: "getAdvertiserMmpPostback",
        summary: "Whether the advertiser has an MMP postback key, since when, and the postback URL template",
        description:
          "The URL template is what the advertiser's MMP (AppsFlyer, Adjust, ...) is given: YOUR_POSTBACK_KEY stands for the key, " +
          "and each {PLACEHOLDER} is to be replaced by the MMP's own macro. The key itself is never readable again once generated.",
        tags: TAGS,
        requestParams: path,
        responses: { "200": { description: "The key's status and the URL template.", content: { "application/json": { schema: envelope(PostbackKeyViewSchema) } } }, ...errors(403, 404) },
      },
    },
    "/advertisers/{id}/mmp-postback/key": {
      post: {
        operationId: "generateAdvertiserMmpPostbackKey",
        summary: "Generate (rotate) the advertiser's MMP postback key: answered this once",
        description:
          "The SETTINGS tab's Generate key. The previous key, if any, stops working at once: postbacks sent with it are 404. " +
          "Only the key's hash is stored, so keep the key (or the URL with it) from this answer; a lost key is replaced by generating another. " +
          "An archived advertiser is a 409. Audited (the activity row holds neither the key nor its hash).",
        tags: TAGS,
        requestParams: path,
        responses: { "200": { description: "The new key and the postback URL with it.", content: { "application/json": { schema: envelope(GeneratedPostbackKeyViewSchema) } } }, ...errors(403, 404, 409) },
      },
    },
  };
}
