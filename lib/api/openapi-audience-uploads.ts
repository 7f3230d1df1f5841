// The OpenAPI document's CRM audience operations (business.md 7 audience
// calls): the file upload, the remote upload schedule (get, save, check the
// connection, sync now) and the DMP access check. Client-safe: schemas only.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  CrmUploadBodySchema,
  CrmUploadResultSchema,
  DmpAccessQuerySchema,
  DmpAccessSchema,
  RemoteCheckSchema,
  RemoteScheduleBodySchema,
  RemoteScheduleViewSchema,
  RemoteSyncSchema,
} from "../audiences/remote/api-schema";
import { GetInputSchema } from "./read";
import { envelope, errors } from "./openapi-parts";

const path = { path: GetInputSchema };
const tags = ["audiences"];

export function audienceUploadOperations(): ZodOpenApiPathsObject {
  return {
    "/audiences/{id}/upload": {
      post: {
        operationId: "uploadAudienceFile",
        summary: "Upload a CRM file of identifiers to a CRM audience",
        description:
          "Multipart: `encoding` (NONE, MD5 or SHA256) then `file` (csv, txt, zip or gz; at most 100 MB and 1,000,000 lines; archives under the catalog feeds' limits). " +
          "One identifier per line (a CSV's first column; a first line that is no identifier is a header). NONE hashes raw device ids (UUIDs) or IPs with SHA-256; " +
          "SHA256 and MD5 take hex digests. Only hashes are stored: the users become members of the audience (origin CRM), its unique users are recounted. " +
          "Another type of file, an audience that is not CRM, or a file without a valid identifier is a 400 that changes nothing. Audited.",
        tags,
        requestParams: path,
        requestBody: { required: true, content: { "multipart/form-data": { schema: CrmUploadBodySchema } } },
        responses: {
          "200": { description: "What the file held and the audience's counts after it.", content: { "application/json": { schema: envelope(CrmUploadResultSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
    "/audiences/{id}/remote-schedule": {
      get: {
        operationId: "getAudienceRemoteSchedule",
        summary: "A CRM audience's remote upload schedule (null when it has none)",
        tags,
        requestParams: path,
        responses: {
          "200": { description: "The schedule (never its password).", content: { "application/json": { schema: envelope(RemoteScheduleViewSchema.nullable()) } } },
          ...errors(404, 409),
        },
      },
      put: {
        operationId: "saveAudienceRemoteSchedule",
        summary: "Create or replace a CRM audience's remote upload schedule",
        description:
          "The file at protocol + url is fetched every N days or hours (default 14 days) by the job system, from public hosts only, and its users added (origin REMOTE). " +
          "A version other than the stored one (or a version for a schedule that does not exist) is a 409. The password is stored encrypted. Audited.",
        tags,
        requestParams: path,
        requestBody: { required: true, content: { "application/json": { schema: RemoteScheduleBodySchema } } },
        responses: {
          "200": { description: "The schedule as saved.", content: { "application/json": { schema: envelope(RemoteScheduleViewSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
    "/audiences/{id}/remote-schedule/check": {
      post: {
        operationId: "checkAudienceRemoteConnection",
        summary: "Check that the remote file of the given values can be downloaded",
        description: "Downloads the file the values name (a blank password uses the stored one); stores nothing. A file that cannot be downloaded is still a 200, with `ok: false` and the reason.",
        tags,
        requestParams: path,
        requestBody: { required: true, content: { "application/json": { schema: RemoteScheduleBodySchema.omit({ version: true }) } } },
        responses: {
          "200": { description: "Whether the download worked, and why not.", content: { "application/json": { schema: envelope(RemoteCheckSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
    "/audiences/{id}/remote-schedule/sync": {
      post: {
        operationId: "syncAudienceRemoteSchedule",
        summary: "Run the stored remote upload schedule now",
        description:
          "Queues the schedule's job (once: a sync already queued is not queued twice); its outcome shows on the schedule (lastSyncAt, lastSyncStatus) and a failure is notified. " +
          "business.md 7 names the legacy call a GET: GET answers the same, with the same rules.",
        tags,
        requestParams: path,
        responses: {
          "200": { description: "The sync was queued.", content: { "application/json": { schema: envelope(RemoteSyncSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
    "/audiences/dmp-access": {
      get: {
        operationId: "getAudienceDmpAccess",
        summary: "Whether an advertiser has partner-data (DMP) access",
        description: "Read from the advertiser's IS_DMP_ACCESS setting; a failed check is no access. Creating a DMP audience needs access.",
        tags,
        requestParams: { query: DmpAccessQuerySchema },
        responses: {
          "200": { description: "The advertiser's access.", content: { "application/json": { schema: envelope(DmpAccessSchema) } } },
          ...errors(404),
        },
      },
    },
  };
}
