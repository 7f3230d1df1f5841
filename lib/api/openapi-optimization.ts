// The OpenAPI paths of the strategy's optimization rules screen (shell.md 7
// 'Strategy optimization': rules, their logs, run, delete, never-block apps,
// app search and validation). The operations parse bodies with the
// screen's own schema (lib/optimization/rule-form.ts ruleSchema, text or
// numbers); the shapes here describe them for callers. No server code.
import { z } from "../validation/z";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { IdSchema } from "../actions/fields";
import { CONV_TYPES } from "../optimization/rule-form";
import { envelope, errors } from "./openapi-parts";

const TAGS = ["strategy optimization"];
const StrategyPath = z.object({ id: IdSchema });
const RulePath = z.object({ id: IdSchema, ruleId: IdSchema });

const RuleBodySchema = z.object({
  spend: z.union([z.string(), z.number(), z.null()]).optional().meta({ description: "At least 0.001 (Adv Spend, exact decimal)." }),
  imps: z.union([z.string(), z.number(), z.null()]).optional().meta({ description: "Whole, at least 1." }),
  clicks: z.union([z.string(), z.number(), z.null()]).optional().meta({ description: "Whole, at least 1. At least one of spend, imps, clicks." }),
  convType: z.enum(CONV_TYPES).meta({ description: "CLICKS not with a clicks limit." }),
  convs: z.union([z.string(), z.number()]).meta({ description: "Minimum conversions of convType expected; whole, at least 1." }),
  durationDays: z.union([z.string(), z.number()]).meta({ description: "3 to 14." }),
  refreshRateDays: z.union([z.string(), z.number(), z.null()]).optional().meta({ description: "At least 1; none: every day." }),
});

const RuleViewSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  spend: z.string().nullable(),
  imps: z.number().int().nullable(),
  clicks: z.number().int().nullable(),
  convType: z.enum(CONV_TYPES),
  convs: z.number().int(),
  durationDays: z.number().int(),
  refreshRateDays: z.number().int().nullable(),
  state: z.enum(["RUNNING", "STOPPED"]).nullable(),
  createdAt: z.string(),
  lastRunAt: z.string().nullable(),
});

const AppSchema = z.object({ id: z.number().int(), name: z.string(), packageName: z.string() });
const LogEntrySchema = z.object({
  app: AppSchema,
  spend: z.string(),
  imps: z.number().int(),
  clicks: z.number().int(),
  convs: z.number().int(),
  runAt: z.string(),
});

const ok = (description: string, schema: z.ZodType) => ({ "200": { description, content: { "application/json": { schema: envelope(schema) } } } });
const json = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema } } });

function op(operationId: string, summary: string, rest: Omit<ZodOpenApiOperationObject, "operationId" | "summary" | "tags">): ZodOpenApiOperationObject {
  return { operationId, summary, tags: TAGS, ...rest };
}

export function optimizationRuleOperations(): ZodOpenApiPathsObject {
  return {
    "/strategies/{id}/rules": {
      get: op("listStrategyRules", "The strategy's optimization rules (deleted ones are not listed)", {
        requestParams: { path: StrategyPath },
        responses: { ...ok("The rules, oldest first.", z.array(RuleViewSchema)), ...errors(404) },
      }),
      post: op("createStrategyRule", "Create an optimization rule", {
        description: "An app is blocked when it reached every limit given over the duration and delivered fewer than convs conversions of convType.",
        requestParams: { path: StrategyPath },
        requestBody: json(RuleBodySchema),
        responses: { ...ok("The new rule.", RuleViewSchema), ...errors(400, 403, 404) },
      }),
    },
    "/strategies/{id}/rules/logs": {
      get: op("listStrategyRuleLogs", "The apps each rule blocked, keyed by rule id, newest run first (at most 1000 per rule)", {
        requestParams: { path: StrategyPath },
        responses: { ...ok("The logs.", z.record(z.string(), z.array(LogEntrySchema))), ...errors(404) },
      }),
    },
    "/strategies/{id}/rules/{ruleId}": {
      post: op("updateStrategyRule", "Update a rule that is not running", {
        requestParams: { path: RulePath },
        requestBody: json(RuleBodySchema.extend({ version: z.number().int() })),
        responses: { ...ok("The rule.", RuleViewSchema), ...errors(400, 403, 404, 409) },
      }),
    },
    "/rules/{id}/run": {
      post: op("runRule", "Start a rule's run (it may take up to 30 minutes; the rule is RUNNING meanwhile)", {
        requestParams: { path: StrategyPath },
        responses: { ...ok("The rule is running.", z.object({ ruleId: z.number().int(), state: z.literal("RUNNING") })), ...errors(403, 404, 409) },
      }),
    },
    "/rules/{id}/deactivate": {
      post: op("deleteRule", "Delete (deactivate) a rule that is not running; with unblockApps, the apps it blocked are unblocked", {
        requestParams: { path: StrategyPath },
        requestBody: json(z.object({ unblockApps: z.boolean().optional() })),
        responses: { ...ok("How many apps were unblocked.", z.object({ ruleId: z.number().int(), unblocked: z.number().int() })), ...errors(400, 403, 404, 409) },
      }),
    },
    "/strategies/{id}/never-block-apps": {
      get: op("listNeverBlockApps", "The apps rule runs never block", {
        requestParams: { path: StrategyPath },
        responses: { ...ok("The apps.", z.array(AppSchema)), ...errors(404) },
      }),
      post: op("saveNeverBlockApps", "Replace the apps rule runs never block", {
        requestParams: { path: StrategyPath },
        requestBody: json(z.object({ appIds: z.array(z.number().int()) })),
        responses: { ...ok("The apps now.", z.array(AppSchema)), ...errors(400, 403, 404) },
      }),
    },
    "/strategies/{id}/apps": {
      get: op("searchStrategyApps", "Apps that delivered for the strategy over the past 30 days, by name or package (from 2 characters)", {
        requestParams: { path: StrategyPath, query: z.object({ search: z.string().optional() }) },
        responses: { ...ok("Up to 50 apps.", z.array(AppSchema)), ...errors(400, 404) },
      }),
    },
    "/apps/validate": {
      post: op("validateApps", "Which entries (package names or app names) name known apps", {
        requestBody: json(z.object({ sites: z.array(z.string()) })),
        responses: { ...ok("The known apps and the entries left unknown.", z.object({ validSites: z.array(AppSchema), invalidSites: z.array(z.string()) })), ...errors(400, 403) },
      }),
    },
  };
}
