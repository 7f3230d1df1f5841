// The zod schemas of the strategy blocking dialog (shell.md 2.13 'Blocking
// dialog', 3 'Suggestion response', 'Existing targeting response', 'Optimize
// payload', 7 'Strategy optimization'), shared by the dialog, the server
// actions (./actions.ts), the REST routes and the OpenAPI document. Pure:
// safe in client components and in the operations of ./rest.ts.
import { z } from "../../validation/z";
import { IdSchema, MAX_ID } from "../../actions/fields";

/** The dialog's dropdown: 'App' (aggregators, tab 0, the default) or 'Inventory' (sites, tab 1). */
export const BLOCKING_ENTITIES = ["aggregator", "site"] as const;
export type BlockingEntity = (typeof BLOCKING_ENTITIES)[number];
export const BLOCKING_ENTITY_LABELS: Record<BlockingEntity, string> = { aggregator: "App", site: "Inventory" };

/** The suggestion table's metrics, in its column order (shell.md 2.13). */
export const SUGGESTION_METRICS = ["revenue", "cost", "ecpi", "ecpa", "ctr", "ecpm", "ecpc", "iti", "ctc", "roi"] as const;
export type SuggestionMetric = (typeof SUGGESTION_METRICS)[number];

/** shell.md 9: the suggestion table's page, and the days of delivery the suggestions are computed from. */
export const SUGGESTION_PAGE_SIZE = 10;
export const SUGGESTION_LOOKBACK_DAYS = 30;

/** shell.md 8 (the spelling of the last one is the spec's). */
export const BLOCKING_MESSAGES = {
  optimizedTitle: "Strategy Optimized",
  nothingToBlock: "There are no new inventory sources/apps to block.",
  targetingRemoved: "All tagrgeted elements will be removed.",
  allTargeted: (what: string) => `All ${what} are targeted.`,
  failed: "Strategy optimization failed. Please try again.",
  nothingAdded: "Add at least one app or inventory source to block.",
  unknownId: "Unknown id: it is not in the dictionary.",
} as const;

const EntitySchema = z.enum(BLOCKING_ENTITIES, { error: "entity must be aggregator or site" });

/** GET …/targeting-suggestions and …/targeting: the strategy and the tab. */
export const BlockingQuerySchema = z.object({
  strategyId: IdSchema,
  entity: EntitySchema.default("aggregator"),
});
export type BlockingQueryInput = z.input<typeof BlockingQuerySchema>;

/** The REST routes' query string (the strategy is the path's). */
export const BlockingEntityQuerySchema = z.object({ entity: EntitySchema.default("aggregator") });

const idList = z
  .array(z.number().int().positive().max(MAX_ID), { error: "A list of ids is expected" })
  .max(10_000)
  .default([])
  .transform((ids) => [...new Set(ids)]);

/** shell.md 3 'Optimize payload': the ids to block, of each kind; `version` is the strategy's as the dialog read it. */
export const OptimizeBodySchema = z.object({
  siteIds: idList,
  aggregatorIds: idList,
  version: z.number().int().min(0).optional(),
});
export type OptimizeBody = z.input<typeof OptimizeBodySchema>;

export const OptimizeInputSchema = OptimizeBodySchema.extend({ strategyId: IdSchema });
export type OptimizeInput = z.input<typeof OptimizeInputSchema>;

// ── Answers (documented in OpenAPI, never parsed from a caller) ──

const metricValue = z.number().nullable();

export const SuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  revenue: metricValue.meta({ description: "Adv Spend, in currencyCode" }),
  cost: metricValue.meta({ description: "Media Spend, in currencyCode (null for read-only callers)" }),
  ecpi: metricValue,
  ecpa: metricValue,
  ctr: metricValue.meta({ description: "percent" }),
  ecpm: metricValue,
  ecpc: metricValue,
  iti: metricValue,
  ctc: metricValue.meta({ description: "percent" }),
  roi: metricValue,
});

export interface Suggestion extends Record<SuggestionMetric, number | null> {
  id: number;
  name: string;
}

/** shell.md 3 'Suggestion response'. Metrics a role may not see (cost, eCPx for read-only users) are null. */
export interface SuggestionResponse {
  entity: BlockingEntity;
  currencyCode: string;
  /** The days of delivery summed (the past 30). */
  from: string;
  to: string;
  recommendationList: Suggestion[];
}

export const SuggestionResponseSchema = z.object({
  entity: EntitySchema,
  currencyCode: z.string(),
  from: z.string(),
  to: z.string(),
  recommendationList: z.array(SuggestionSchema),
});

/** How the strategy targets the kind today: 'all' (no list), a target list, or a blocked list. */
export type TargetingMode = "all" | "target" | "blocked";

export interface NamedId {
  id: number;
  name: string;
}

/** shell.md 3 'Existing targeting response', with names, and the version an optimize should be sent with. */
export interface ExistingTargeting {
  entity: BlockingEntity;
  version: number;
  mode: TargetingMode;
  targetList: NamedId[];
  blockedList: NamedId[];
}

const NamedIdSchema = z.object({ id: z.number().int(), name: z.string() });
export const ExistingTargetingSchema = z.object({
  entity: EntitySchema,
  version: z.number().int(),
  mode: z.enum(["all", "target", "blocked"]),
  targetList: z.array(NamedIdSchema),
  blockedList: z.array(NamedIdSchema),
});

/** What optimize answers: the strategy's new version and, per kind sent, its lists now. */
export interface OptimizeResult {
  strategyId: number;
  version: number;
  rtbAggregators?: { targetList: number[]; blockedList: number[] };
  rtbSites?: { targetList: number[]; blockedList: number[] };
}

const listsSchema = z.object({ targetList: z.array(z.number().int()), blockedList: z.array(z.number().int()) });
export const OptimizeResultSchema = z.object({
  strategyId: z.number().int(),
  version: z.number().int(),
  rtbAggregators: listsSchema.optional(),
  rtbSites: listsSchema.optional(),
});

/** Whether optimize is allowed (business.md 4), with the reason when it is not. */
export interface OptimizeEligibility {
  eligible: boolean;
  reason: string | null;
  ageDays: number;
  results: number;
}
