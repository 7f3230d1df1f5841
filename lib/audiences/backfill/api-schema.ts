// The zod shapes of the backfill calls shared by the REST routes and the
// OpenAPI document (business.md 7: add or activate backfill rule, backfill
// query templates, validate backfill query). Client-safe.
import { z } from "../../validation/z";
import { BACKFILL_LIMITS, BACKFILL_SCHEDULES, BACKFILL_TEMPLATE_IDS, backfillInputShape } from "./query";

const events = (what: string) =>
  backfillInputShape.targetedEvents.meta({ description: `${what}: event names (lower case, e.g. af_purchase), as a list or comma-separated; at most ${BACKFILL_LIMITS.events}.` });

/** A backfill query and its rule: a template with its parameters (never SQL). */
export const BackfillRuleBodySchema = z.object({
  template: backfillInputShape.template.meta({
    description: `One of ${BACKFILL_TEMPLATE_IDS.join(", ")}. FIRED_EVENT (event, minCount, days), VISITED_PAGE (text, minCount, days; website), REFERRED_FROM (text, days; website), ANY_ACTIVITY (days), AUDIENCE_RULES (rule-based audiences: their own rules, each with its look-back).`,
  }),
  event: backfillInputShape.event.meta({ description: "FIRED_EVENT: the event name." }),
  text: backfillInputShape.text.meta({ description: "VISITED_PAGE: text the page URL contains; REFERRED_FROM: text the referrer URL contains (case ignored)." }),
  minCount: backfillInputShape.minCount.meta({ description: `At least this many matching events (${BACKFILL_LIMITS.count.min} to ${BACKFILL_LIMITS.count.max}; default 1).` }),
  days: backfillInputShape.days.meta({ description: `The look-back in days (${BACKFILL_LIMITS.days.min} to ${BACKFILL_LIMITS.days.max}); not for AUDIENCE_RULES.` }),
  schedule: backfillInputShape.schedule.meta({ description: `${BACKFILL_SCHEDULES.join(", ")} (default ONCE): only once, once a day, once a week.` }),
  targetedEvents: events("The user fired at least one of these (IP backfill: at least one required)"),
  excludedEvents: events("The user fired none of these (IP backfill: at least one required)"),
});

const RuleViewSchema = z.object({
  id: z.number().int(),
  query: z.record(z.string(), z.unknown()).nullable().meta({ description: "The parsed query: template and parameters." }),
  sentence: z.string(),
  schedule: z.enum(BACKFILL_SCHEDULES),
  scheduleLabel: z.string(),
  targetedEvents: z.array(z.string()),
  excludedEvents: z.array(z.string()),
  active: z.boolean(),
  runStatus: z.enum(["QUEUED", "RUNNING", "SUCCEEDED", "FAILED"]),
  lastRunAt: z.string().nullable(),
  lastRunUsers: z.number().int().nullable(),
  lastRunError: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
});

export const BackfillStatusViewSchema = z.object({
  audienceId: z.number().int(),
  backfilledUU: z.number().int().meta({ description: "Users the last successful backfill matched." }),
  totalUU: z.number().int().meta({ description: "Members whose membership has not expired." }),
  dailyUU: z.number().int().meta({ description: "Members seen on the last full UTC day." }),
  rule: RuleViewSchema.nullable().meta({ description: "The active rule, else the latest; null when never backfilled." }),
});

export const BackfillTemplatesViewSchema = z.object({
  audienceId: z.number().int(),
  ipBackfill: z.boolean().meta({ description: "An IP backfill audience: targetedEvents and excludedEvents are both required." }),
  templates: z.array(z.object({ id: z.enum(BACKFILL_TEMPLATE_IDS), label: z.string(), params: z.array(z.string()) })),
  schedules: z.array(z.object({ id: z.string(), label: z.string() })),
});

export const BackfillValidationViewSchema = z.object({
  status: z.enum(["VERIFIED", "TIMEOUT"]),
  users: z.number().int().optional().meta({ description: "VERIFIED: the users the query selects now." }),
  message: z.string().meta({ description: "'Query verified successfully' or 'Timeout, you can still submit the query'." }),
});
