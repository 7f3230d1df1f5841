// The audiences' REST operations beside the resource's own (lib/audiences/rest.ts
// hands them to the registry): the CRM file upload, the conversion estimator,
// and those declared with their code (backfill, look-alike refresh, remote
// upload schedules, the DMP access check, the users chart).
import "server-only";
import { executeAction } from "../actions/define-action";
import { readJsonBody } from "../net/read-body";
import { GetInputSchema } from "../rest/read";
import { defineOperation, type RestOperation } from "../rest/operation";
import { backfillOperations } from "./backfill/rest";
import { audienceChartOperation } from "./chart/rest";
import { dmpAccessOperation } from "./dmp/rest";
import { estimateConversionsAction } from "./estimator/actions";
import { EstimateInputSchema, EstimateViewSchema, ESTIMATOR_LIMITS } from "./estimator/schema";
import { refreshLookAlikeOperation } from "./lookalike/rest";
import { CrmUploadBodySchema, CrmUploadResultSchema } from "./remote/api-schema";
import { remoteScheduleOperations } from "./remote/rest";
import { CRM_UPLOAD_BODY_LIMIT_BYTES, crmUploadOperation } from "./upload/route";

const tags = ["audiences"];

const upload = defineOperation({
  method: "POST", path: "/audiences/{id}/upload", access: "write", operationId: "uploadAudienceFile", tags,
  // The file streams to disk under this cap (lib/audiences/upload/route.ts), never whole in memory.
  bodyLimitBytes: CRM_UPLOAD_BODY_LIMIT_BYTES,
  summary: "Upload a CRM file of identifiers to a CRM audience",
  description:
    "Multipart: `encoding` (NONE, MD5 or SHA256) then `file` (csv, txt, zip or gz; at most 100 MB and 1,000,000 lines; archives under the catalog feeds' limits). " +
    "One identifier per line (a CSV's first column; a first line that is no identifier is a header). NONE hashes raw device ids (UUIDs) or IPs with SHA-256; " +
    "SHA256 and MD5 take hex digests. Only hashes are stored: the users become members of the audience (origin CRM), its unique users are recounted. " +
    "Another type of file, an audience that is not CRM, or a file without a valid identifier is a 400 that changes nothing. Audited.",
  params: GetInputSchema,
  body: { required: true, content: { "multipart/form-data": CrmUploadBodySchema } },
  response: { description: "What the file held and the audience's counts after it.", schema: CrmUploadResultSchema },
  errors: [400, 403, 404, 409],
  handle: ({ ctx, request, params }) => crmUploadOperation(ctx, request, params),
});

const estimate = defineOperation({
  method: "POST", path: "/audiences/estimate", access: "read", operationId: "estimateAudienceConversions", tags,
  summary: "Estimate reach and expected conversions of target audiences",
  description:
    `The users of ${ESTIMATOR_LIMITS.targets.min} to ${ESTIMATOR_LIMITS.targets.max} target audiences minus those of up to ${ESTIMATOR_LIMITS.blocked.max} blocked audiences ` +
    "(memberships unexpired), day by day for the next 30 days, times the advertiser's goal rate over its last 30 days of delivery " +
    "(daily unique users who installed, converted or clicked over daily unique users with an impression). Changes nothing; every role may estimate in the console, but read-only API keys only GET.",
  body: EstimateInputSchema,
  response: { description: "The estimate.", schema: EstimateViewSchema },
  errors: [400, 403, 404],
  handle: async ({ ctx, request }) => executeAction(estimateConversionsAction.definition, ctx, await readJsonBody(request)),
});

export const audienceOperations: readonly RestOperation[] = [
  refreshLookAlikeOperation,
  estimate,
  ...backfillOperations,
  upload,
  ...remoteScheduleOperations,
  dmpAccessOperation,
  audienceChartOperation,
];
