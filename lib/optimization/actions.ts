"use server";
// Server actions of the strategy's optimization rules screen (shell.md 2.13,
// 4, 7), built with defineAction (session, role, licensee, zod, transaction,
// result shape). The logic lives in ./rules.ts, ./never-block.ts and
// ./mutations.ts, shared with the REST API (POST /api/v1/strategies/{id}/rules ..., lib/optimization/rest.ts).
import { z } from "../validation/z";
import { defineAction, defineReadAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { MAX_APP_ENTRIES } from "./app-list";
import { markRuleRunning } from "./mutations";
import { neverBlockApps, saveNeverBlockApps, searchStrategyApps, validateApps } from "./never-block";
import { ruleSchema } from "./rule-form";
import { createRule, deleteRule, strategyRuleLogs, strategyRules, updateRule } from "./rules";
import { enqueueRuleRun } from "./run";

const strategyPages = (strategyId: number) => [`/strategy/details/${strategyId}`];

/** The screen's data in one call: rules, their logs and the never-block apps. */
export const strategyRulesScreenAction = defineReadAction("optimization.rulesScreen", z.object({ strategyId: IdSchema }), async ({ db, input }) => {
  const [rules, logs, neverBlock] = await Promise.all([
    strategyRules(db, input.strategyId),
    strategyRuleLogs(db, input.strategyId),
    neverBlockApps(db, input.strategyId),
  ]);
  return { rules, logs, neverBlock };
});

export const createRuleAction = defineAction({
  name: "optimization.createRule",
  access: "write",
  idempotent: true,
  input: z.intersection(z.object({ strategyId: IdSchema }), ruleSchema),
  revalidate: (input) => strategyPages(input.strategyId),
  run: ({ ctx, db, input: { strategyId, ...values } }) => createRule({ ctx, db }, strategyId, values),
});

export const updateRuleAction = defineAction({
  name: "optimization.updateRule",
  access: "write",
  input: z.intersection(z.object({ ruleId: IdSchema, version: VersionSchema }), ruleSchema),
  run: ({ ctx, db, input: { ruleId, version, ...values } }) => updateRule({ ctx, db }, ruleId, version, values),
});

export const deleteRuleAction = defineAction({
  name: "optimization.deleteRule",
  access: "write",
  input: z.object({ ruleId: IdSchema, unblockApps: z.boolean() }),
  run: ({ ctx, db, input }) => deleteRule({ ctx, db }, input.ruleId, input.unblockApps),
});

/** Marks the rule RUNNING; the run is queued once that committed (the job must find it RUNNING). */
export const runRuleAction = defineAction({
  name: "optimization.runRule",
  access: "write",
  input: z.object({ ruleId: IdSchema }),
  run: ({ ctx, db, input }) => markRuleRunning({ ctx, db }, input.ruleId),
  after: async ({ input }) => {
    await enqueueRuleRun(input.ruleId);
  },
});

export const saveNeverBlockAppsAction = defineAction({
  name: "optimization.saveNeverBlockApps",
  access: "write",
  input: z.object({ strategyId: IdSchema, appIds: z.array(IdSchema).max(MAX_APP_ENTRIES) }),
  revalidate: (input) => strategyPages(input.strategyId),
  run: ({ ctx, db, input }) => saveNeverBlockApps({ ctx, db }, input.strategyId, input.appIds),
});

export const validateAppsAction = defineReadAction(
  "optimization.validateApps",
  z.object({ sites: z.array(z.string().max(500)).max(MAX_APP_ENTRIES) }),
  ({ db, input }) => validateApps(db, input.sites),
);

export const searchAppsAction = defineReadAction(
  "optimization.searchApps",
  z.object({ strategyId: IdSchema, text: z.string().max(200) }),
  ({ db, input }) => searchStrategyApps(db, input.strategyId, input.text),
);
