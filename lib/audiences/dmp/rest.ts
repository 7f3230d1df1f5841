// GET /api/v1/audiences/dmp-access?advertiserId= → { advertiserId, isDmpAccess }
// (business.md 7 "access check (GET, reads isDmpAccess)"), through the form's
// own action definition. A failed check is no access.
import "server-only";
import { executeAction } from "../../actions/define-action";
import { defineOperation } from "../../rest/operation";
import { DmpAccessQuerySchema, DmpAccessSchema } from "../remote/api-schema";
import { audienceDmpAccessAction } from "./actions";

export const dmpAccessOperation = defineOperation({
  method: "GET", path: "/audiences/dmp-access", access: "read", operationId: "getAudienceDmpAccess", tags: ["audiences"],
  summary: "Whether an advertiser has partner-data (DMP) access",
  description: "Read from the advertiser's IS_DMP_ACCESS setting; a failed check is no access. Creating a DMP audience needs access.",
  query: DmpAccessQuerySchema,
  response: { description: "The advertiser's access.", schema: DmpAccessSchema },
  errors: [404],
  handle: ({ ctx, request }) =>
    executeAction(audienceDmpAccessAction.definition, ctx, { advertiserId: new URL(request.url).searchParams.get("advertiserId") ?? "" }),
});
