// The REST side of backfill (/api/v1/audiences/{id}/backfill, .../templates,
// .../validate): the console's own action definitions run each call (role,
// transaction, the queued run after a rule is added).
import "server-only";
import type { SessionContext } from "../../auth/context";
import { executeAction } from "../../actions/define-action";
import { addBackfillRuleAction, backfillStatusAction, backfillTemplatesAction, validateBackfillQueryAction } from "./actions";
import { BackfillRuleBodySchema } from "./api-schema";

export const backfillRest = {
  status: (ctx: SessionContext, id: string) => executeAction(backfillStatusAction.definition, ctx, { audienceId: id }),
  templates: (ctx: SessionContext, id: string) => executeAction(backfillTemplatesAction.definition, ctx, { audienceId: id }),
  add: (ctx: SessionContext, id: string, body: Record<string, unknown>) =>
    executeAction(addBackfillRuleAction.definition, ctx, { ...BackfillRuleBodySchema.strip().parse(body), audienceId: id }),
  validate: (ctx: SessionContext, id: string, body: Record<string, unknown>) =>
    executeAction(validateBackfillQueryAction.definition, ctx, { ...BackfillRuleBodySchema.strip().parse(body), audienceId: id }),
};
