// The REST operations of the optimization rules screen (shell.md 7 "Strategy
// optimization": rules, their logs, run, delete, never-block apps, app search
// and validation): each runs the screen's own action definition for the API
// caller (executeAction: role, licensee, zod, transaction), so browser and
// API enforce the same rules. No entity's: the router lists them
// (lib/api/operations.ts), with the blocking dialog's (./blocking/rest.ts).
import "server-only";
import { z } from "../validation/z";
import { executeAction } from "../actions/define-action";
import { IdSchema } from "../actions/fields";
import { readJsonBody } from "../net/read-body";
import { parseId } from "../data/gate";
import { NotFoundError } from "../errors";
import { tenantDb } from "../data/tenant-db";
import { defineOperation, type RestOperation } from "../rest/operation";
import {
  createRuleAction,
  deleteRuleAction,
  runRuleAction,
  saveNeverBlockAppsAction,
  searchAppsAction,
  updateRuleAction,
  validateAppsAction,
} from "./actions";
import { AppSchema, LogEntrySchema, RuleBodySchema, RuleViewSchema } from "./api-schema";
import { neverBlockApps } from "./never-block";
import { strategyRuleLogs, strategyRules } from "./rules";

const tags = ["strategy optimization"];
const StrategyPath = z.object({ id: IdSchema });
const RulePath = z.object({ id: IdSchema, ruleId: IdSchema });

export const optimizationRuleOperations: readonly RestOperation[] = [
  defineOperation({
    method: "GET", path: "/strategies/{id}/rules", access: "read", operationId: "listStrategyRules", tags, params: StrategyPath,
    summary: "The strategy's optimization rules (deleted ones are not listed)",
    response: { description: "The rules, oldest first.", schema: z.array(RuleViewSchema) },
    errors: [404],
    handle: ({ ctx, params: { id } }) => strategyRules(tenantDb(ctx), parseId(id)),
  }),
  defineOperation({
    method: "POST", path: "/strategies/{id}/rules", access: "write", operationId: "createStrategyRule", tags, params: StrategyPath,
    idempotent: true,
    summary: "Create an optimization rule",
    description: "An app is blocked when it reached every limit given over the duration and delivered fewer than convs conversions of convType.",
    body: RuleBodySchema,
    response: { description: "The new rule.", schema: RuleViewSchema },
    errors: [400, 403, 404],
    handle: async ({ ctx, request, params: { id } }) => executeAction(createRuleAction.definition, ctx, { ...(await readJsonBody(request)), strategyId: id }),
  }),
  defineOperation({
    method: "GET", path: "/strategies/{id}/rules/logs", access: "read", operationId: "listStrategyRuleLogs", tags, params: StrategyPath,
    summary: "The apps each rule blocked, keyed by rule id, newest run first (at most 1000 per rule)",
    response: { description: "The logs.", schema: z.record(z.string(), z.array(LogEntrySchema)) },
    errors: [404],
    handle: ({ ctx, params: { id } }) => strategyRuleLogs(tenantDb(ctx), parseId(id)),
  }),
  defineOperation({
    method: "POST", path: "/strategies/{id}/rules/{ruleId}", access: "write", operationId: "updateStrategyRule", tags, params: RulePath,
    summary: "Update a rule that is not running",
    body: RuleBodySchema.extend({ version: z.number().int() }),
    response: { description: "The rule.", schema: RuleViewSchema },
    errors: [400, 403, 404, 409],
    handle: async ({ ctx, request, params: { id, ruleId } }) => {
      const body = await readJsonBody(request);
      // The rule must be one of the strategy named in the path.
      const rules = await strategyRules(tenantDb(ctx), parseId(id));
      if (!rules.some((r) => r.id === parseId(ruleId))) throw new NotFoundError("Rule");
      return executeAction(updateRuleAction.definition, ctx, { ...body, ruleId });
    },
  }),
  defineOperation({
    method: "POST", path: "/rules/{id}/run", access: "write", operationId: "runRule", tags, params: StrategyPath,
    summary: "Start a rule's run (it may take up to 30 minutes; the rule is RUNNING meanwhile)",
    response: { description: "The rule is running.", schema: z.object({ ruleId: z.number().int(), state: z.literal("RUNNING") }) },
    errors: [403, 404, 409],
    handle: ({ ctx, params: { id } }) => executeAction(runRuleAction.definition, ctx, { ruleId: id }),
  }),
  defineOperation({
    method: "POST", path: "/rules/{id}/deactivate", access: "write", operationId: "deleteRule", tags, params: StrategyPath,
    summary: "Delete (deactivate) a rule that is not running; with unblockApps, the apps it blocked are unblocked",
    body: z.object({ unblockApps: z.boolean().optional() }),
    response: { description: "How many apps were unblocked.", schema: z.object({ ruleId: z.number().int(), unblocked: z.number().int() }) },
    errors: [400, 403, 404, 409],
    handle: async ({ ctx, request, params: { id } }) => {
      const body = await readJsonBody(request);
      return executeAction(deleteRuleAction.definition, ctx, { unblockApps: body.unblockApps ?? false, ruleId: id });
    },
  }),
  defineOperation({
    method: "GET", path: "/strategies/{id}/never-block-apps", access: "read", operationId: "listNeverBlockApps", tags, params: StrategyPath,
    summary: "The apps rule runs never block",
    response: { description: "The apps.", schema: z.array(AppSchema) },
    errors: [404],
    handle: ({ ctx, params: { id } }) => neverBlockApps(tenantDb(ctx), parseId(id)),
  }),
  defineOperation({
    method: "POST", path: "/strategies/{id}/never-block-apps", access: "write", operationId: "saveNeverBlockApps", tags, params: StrategyPath,
    summary: "Replace the apps rule runs never block",
    body: z.object({ appIds: z.array(z.number().int()) }),
    response: { description: "The apps now.", schema: z.array(AppSchema) },
    errors: [400, 403, 404],
    handle: async ({ ctx, request, params: { id } }) => executeAction(saveNeverBlockAppsAction.definition, ctx, { ...(await readJsonBody(request)), strategyId: id }),
  }),
  defineOperation({
    method: "GET", path: "/strategies/{id}/apps", access: "read", operationId: "searchStrategyApps", tags, params: StrategyPath,
    summary: "Apps that delivered for the strategy over the past 30 days, by name or package (from 2 characters)",
    query: z.object({ search: z.string().optional() }),
    response: { description: "Up to 50 apps.", schema: z.array(AppSchema) },
    errors: [400, 404],
    handle: ({ ctx, request, params: { id } }) =>
      executeAction(searchAppsAction.definition, ctx, { strategyId: id, text: new URL(request.url).searchParams.get("search") ?? "" }),
  }),
  defineOperation({
    method: "POST", path: "/apps/validate", access: "read", operationId: "validateApps", tags,
    summary: "Which entries (package names or app names) name known apps",
    body: z.object({ sites: z.array(z.string()) }),
    response: { description: "The known apps and the entries left unknown.", schema: z.object({ validSites: z.array(AppSchema), invalidSites: z.array(z.string()) }) },
    errors: [400, 403],
    handle: async ({ ctx, request }) => executeAction(validateAppsAction.definition, ctx, await readJsonBody(request)),
  }),
];
