// The REST side of look-alike refresh (POST /api/v1/audiences/{id}/refresh-lookalike):
// the body is optional (empty: refresh), else a JSON object { mode }; the
// console's own action definition runs it (role, transaction, queued job).
import "server-only";
import type { SessionContext } from "../../auth/context";
import { executeAction } from "../../actions/define-action";
import { rebuildLookAlikeAction } from "./actions";
import { RefreshLookAlikeBodySchema } from "./api-schema";

/** `body` is the request's JSON object, `{}` when it was left out (refresh). */
export async function refreshLookAlikeOperation(ctx: SessionContext, id: string, body: Record<string, unknown>) {
  const { mode } = RefreshLookAlikeBodySchema.parse(body);
  return executeAction(rebuildLookAlikeAction.definition, ctx, { id, mode });
}
