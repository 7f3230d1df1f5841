// The conversion estimator's input (/audience/analysis, POST
// /api/v1/audiences/estimate): the advertiser, the target and blocked
// audiences and the goal, within the selection limits. business.md names
// "audience analysis target/blocked/goal selection limits" as configuration
// without values; these are ours (docs/audiences.md): 1 to 5 target
// audiences, up to 5 blocked ones, exactly one goal. One schema for the page,
// the server action and the REST API. Client-safe.
import { z } from "../../validation/z";
import { IdSchema } from "../../actions/fields";

export const ESTIMATOR_LIMITS = { targets: { min: 1, max: 5 }, blocked: { max: 5 } } as const;
export const ESTIMATOR_GOALS = ["INSTALL", "CONVERSION", "CLICK"] as const;
export type EstimatorGoal = (typeof ESTIMATOR_GOALS)[number];
export const GOAL_LABELS: Record<EstimatorGoal, string> = { INSTALL: "Installs", CONVERSION: "Conversions", CLICK: "Clicks" };
/** Days of delivery the rate is read from, and days ahead the estimate covers. */
export const ESTIMATOR_WINDOW_DAYS = 30;

export const ESTIMATOR_MESSAGES = {
  advertiserRequired: "Advertiser is required",
  targetsRequired: "Choose at least one target audience",
  tooManyTargets: `Choose at most ${ESTIMATOR_LIMITS.targets.max} target audiences`,
  tooManyBlocked: `Choose at most ${ESTIMATOR_LIMITS.blocked.max} blocked audiences`,
  targetAndBlocked: "An audience cannot be both targeted and blocked",
  goalRequired: "Choose a goal",
  otherAdvertiser: "Choose audiences of this advertiser",
} as const;
const M = ESTIMATOR_MESSAGES;

const ids = (message: string) => z.array(IdSchema, { error: message }).max(50, { error: message });

export const EstimateInputSchema = z
  .object({
    advertiserId: IdSchema,
    targetIds: ids(M.targetsRequired),
    blockedIds: ids(M.tooManyBlocked).default([]),
    goal: z.enum(ESTIMATOR_GOALS, { error: M.goalRequired }),
  })
  .superRefine((v, ctx) => {
    const targets = new Set(v.targetIds);
    const blocked = new Set(v.blockedIds);
    if (targets.size < ESTIMATOR_LIMITS.targets.min) ctx.addIssue({ code: "custom", path: ["targetIds"], message: M.targetsRequired });
    if (targets.size > ESTIMATOR_LIMITS.targets.max) ctx.addIssue({ code: "custom", path: ["targetIds"], message: M.tooManyTargets });
    if (blocked.size > ESTIMATOR_LIMITS.blocked.max) ctx.addIssue({ code: "custom", path: ["blockedIds"], message: M.tooManyBlocked });
    if ([...blocked].some((id) => targets.has(id))) ctx.addIssue({ code: "custom", path: ["blockedIds"], message: M.targetAndBlocked });
  })
  .transform((v) => ({ ...v, targetIds: [...new Set(v.targetIds)], blockedIds: [...new Set(v.blockedIds)] }));
export type EstimateInput = z.output<typeof EstimateInputSchema>;

/** What an estimate answers (lib/audiences/estimator/estimate.ts), for the OpenAPI document. */
export const EstimateViewSchema = z.object({
  advertiserId: z.number().int(),
  goal: z.enum(ESTIMATOR_GOALS),
  reach: z.number().int().meta({ description: "Users of the target audiences and of no blocked audience, memberships unexpired now." }),
  rate: z.number().nullable().meta({ description: "The advertiser's goal users per reached user-day over the last 30 days of delivery; null without delivery." }),
  expected: z.number().nullable().meta({ description: "Expected goal users over the next 30 days (the sum of the days); null without a rate." }),
  basis: z.object({ reachedUsers: z.number(), goalUsers: z.number(), from: z.string(), to: z.string() }),
  days: z.array(z.object({ day: z.string(), reach: z.number().int(), expected: z.number().nullable() })),
  byAudience: z.array(z.object({ id: z.number().int(), name: z.string(), reach: z.number().int(), expected: z.number().nullable() })),
});
