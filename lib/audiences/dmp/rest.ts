// GET /api/v1/audiences/dmp-access?advertiserId= → { advertiserId, isDmpAccess },
// through the form's own action definition.
import "server-only";
import type { SessionContext } from "../../auth/context";
import { executeAction } from "../../actions/define-action";
import { audienceDmpAccessAction } from "./actions";

export const dmpAccessOperation = (ctx: SessionContext, request: Request) =>
  executeAction(audienceDmpAccessAction.definition, ctx, { advertiserId: new URL(request.url).searchParams.get("advertiserId") ?? "" });
