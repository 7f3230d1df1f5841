// The REST side of look-alike refresh (POST /api/v1/audiences/{id}/refresh-lookalike):
// the body is optional (empty: refresh), else a JSON object { mode }; the
// console's own action definition runs it (role, transaction, queued job).
import "server-only";
import type { SessionContext } from "../../auth/context";
import { executeAction } from "../../actions/define-action";
import { validationError } from "../../data/action-result";
import { BODY_NOT_OBJECT } from "../../api/execute";
import { rebuildLookAlikeAction } from "./actions";
import { RefreshLookAlikeBodySchema } from "./api-schema";

export async function refreshLookAlikeOperation(ctx: SessionContext, id: string, text: string) {
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw validationError([], BODY_NOT_OBJECT);
  }
  const { mode } = RefreshLookAlikeBodySchema.parse(body);
  return executeAction(rebuildLookAlikeAction.definition, ctx, { id, mode });
}
