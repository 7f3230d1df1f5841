// The REST face of the optimization rules screen (shell.md 7 "Strategy
// optimization"): each route runs the screen's own action definition for the
// API caller (executeAction: role, licensee, zod, transaction), so browser and
// API enforce the same rules. The write routes declare write access
// (apiHandler checks the role before the body is read).
import "server-only";
import type { SessionContext } from "../auth/context";
import { executeAction } from "../actions/define-action";
import { readJsonBody } from "../net/read-body";
import { parseId } from "../data/gate";
import { NotFoundError } from "../data/errors";
import { tenantDb } from "../data/tenant-db";
import {
  createRuleAction,
  deleteRuleAction,
  runRuleAction,
  saveNeverBlockAppsAction,
  searchAppsAction,
  updateRuleAction,
  validateAppsAction,
} from "./actions";
import { neverBlockApps } from "./never-block";
import { strategyRuleLogs, strategyRules } from "./rules";

export const ruleRest = {
  list: (ctx: SessionContext, strategyId: string) => strategyRules(tenantDb(ctx), parseId(strategyId)),
  logs: (ctx: SessionContext, strategyId: string) => strategyRuleLogs(tenantDb(ctx), parseId(strategyId)),
  create: async (ctx: SessionContext, request: Request, strategyId: string) =>
    executeAction(createRuleAction.definition, ctx, { ...(await readJsonBody(request)), strategyId }),
  update: async (ctx: SessionContext, request: Request, strategyId: string, ruleId: string) => {
    const body = await readJsonBody(request);
    // The rule must be one of the strategy named in the path.
    const rules = await strategyRules(tenantDb(ctx), parseId(strategyId));
    if (!rules.some((r) => r.id === parseId(ruleId))) throw new NotFoundError("Rule");
    return executeAction(updateRuleAction.definition, ctx, { ...body, ruleId });
  },
  run: (ctx: SessionContext, ruleId: string) => executeAction(runRuleAction.definition, ctx, { ruleId }),
  deactivate: async (ctx: SessionContext, request: Request, ruleId: string) => {
    const body = await readJsonBody(request);
    return executeAction(deleteRuleAction.definition, ctx, { unblockApps: body.unblockApps ?? false, ruleId });
  },
  neverBlock: (ctx: SessionContext, strategyId: string) => neverBlockApps(tenantDb(ctx), parseId(strategyId)),
  saveNeverBlock: async (ctx: SessionContext, request: Request, strategyId: string) =>
    executeAction(saveNeverBlockAppsAction.definition, ctx, { ...(await readJsonBody(request)), strategyId }),
  searchApps: (ctx: SessionContext, strategyId: string, url: URL) =>
    executeAction(searchAppsAction.definition, ctx, { strategyId, text: url.searchParams.get("search") ?? "" }),
  validateApps: async (ctx: SessionContext, request: Request) => executeAction(validateAppsAction.definition, ctx, await readJsonBody(request)),
};
