// The backfill query language (business.md 3, 4, 5, 7, 8, 9): a backfill adds
// to an audience the users of its advertiser's stored events that a query
// selects. Users never write SQL: a query is one of a few templates with typed
// parameters, validated here by zod (the same schema for the dialog, the
// server action and the REST API) and compiled to parameterized SQL by
// compile.ts. Stored in AudienceBackfillRule.query as canonical JSON.
//
// On top of the template, the rule's targeted events (the user fired at least
// one of them) and excluded events (the user fired none of them) narrow the
// users, over the same look-back. An IP backfill audience needs at least one
// of each (business.md 5): an IP stands for a user only briefly, so the
// events must say who the IP was.
//
// Pure: safe in client components.
import { z } from "../../validation/z";
import type { AudienceKindValue, AudienceSourceValue } from "../labels";

export const BACKFILL_TEMPLATES = [
  { id: "FIRED_EVENT", label: "Users who fired an event", sources: ["WEBSITE", "MOBILE"], params: ["event", "minCount", "days"] },
  { id: "VISITED_PAGE", label: "Users who visited a page", sources: ["WEBSITE"], params: ["text", "minCount", "days"] },
  { id: "REFERRED_FROM", label: "Users who came from a referrer", sources: ["WEBSITE"], params: ["text", "days"] },
  { id: "ANY_ACTIVITY", label: "Users with any activity", sources: ["WEBSITE", "MOBILE"], params: ["days"] },
  // The audience's own rules over the stored events, each with its own look-back (lib/audiences/members/rules.ts).
  { id: "AUDIENCE_RULES", label: "Users who match the audience's rules", sources: ["WEBSITE", "MOBILE"], kinds: ["MMP_RULE"], params: [] },
] as const satisfies ReadonlyArray<{ id: string; label: string; sources: readonly AudienceSourceValue[]; kinds?: readonly AudienceKindValue[]; params: readonly string[] }>;

export type BackfillTemplateId = (typeof BACKFILL_TEMPLATES)[number]["id"];
export type BackfillParam = "event" | "text" | "minCount" | "days";
export const BACKFILL_TEMPLATE_IDS = BACKFILL_TEMPLATES.map((t) => t.id) as [BackfillTemplateId, ...BackfillTemplateId[]];
export const backfillTemplate = (id: unknown) => BACKFILL_TEMPLATES.find((t) => t.id === id);
/** The templates an audience may use: by its source, and the rules template only for rule-based audiences. */
export const templatesFor = (source: AudienceSourceValue, kind: AudienceKindValue) =>
  BACKFILL_TEMPLATES.filter((t) => (t.sources as readonly string[]).includes(source) && (!("kinds" in t) || (t.kinds as readonly string[]).includes(kind)));
export const templateHasParam = (id: unknown, param: BackfillParam) => (backfillTemplate(id)?.params as readonly string[] | undefined)?.includes(param) ?? false;

/** business.md 3 / 4: only once (default), once a day, once a week. */
export const BACKFILL_SCHEDULES = ["ONCE", "DAILY", "WEEKLY"] as const;
export type BackfillScheduleValue = (typeof BACKFILL_SCHEDULES)[number];
export const SCHEDULE_LABELS: Record<BackfillScheduleValue, string> = { ONCE: "Only once", DAILY: "Once a day", WEEKLY: "Once a week" };

export const BACKFILL_LIMITS = { days: { min: 1, max: 180, default: 30 }, count: { min: 1, max: 1000 }, text: 200, events: 20 } as const;
/** Event names as stored (UserEvent.event): lower case letters, digits, _ . - */
const EVENT_NAME = /^[a-z0-9_.-]{1,64}$/;

export const BACKFILL_MESSAGES = {
  templateRequired: "Choose a query template",
  templateNotForSource: "This template is not available for this audience",
  sourceWithoutBackfill: "Backfill is available for website and mobile audiences",
  eventRequired: "Event name is required",
  eventInvalid: "Event names are lower-case letters, digits, _ . or - (at most 64)",
  textRequired: "Text is required",
  textTooLong: `Text must be at most ${BACKFILL_LIMITS.text} characters`,
  digitsOnly: "Enter digits only",
  countMin: `Count must be at least ${BACKFILL_LIMITS.count.min}`,
  countMax: `Count must be at most ${BACKFILL_LIMITS.count.max}`,
  daysRequired: "Days is required",
  daysMin: `Days must be at least ${BACKFILL_LIMITS.days.min}`,
  daysMax: `Days must be at most ${BACKFILL_LIMITS.days.max}`,
  scheduleInvalid: "Choose only once, once a day or once a week",
  tooManyEvents: `At most ${BACKFILL_LIMITS.events} events`,
  eventBothLists: "An event cannot be both targeted and excluded",
  // business.md 5.
  ipBackfillEvents: "IP backfill needs at least one targeted and one excluded event",
  // business.md 8.
  verified: "Query verified successfully",
  timeout: "Timeout, you can still submit the query",
  backfilled: "Audience successfully backfilled",
  failed: "Failed to backfill the audience",
} as const;
const M = BACKFILL_MESSAGES;

/** A parsed, valid query. */
export interface BackfillQuery {
  template: BackfillTemplateId;
  event?: string;
  text?: string;
  minCount?: number;
  /** Every template but AUDIENCE_RULES (whose rules have their own look-backs). */
  days?: number;
}

export interface BackfillRuleData {
  query: BackfillQuery;
  schedule: BackfillScheduleValue;
  targetedEvents: string[];
  excludedEvents: string[];
}

/** The audience a query is checked against. */
export interface BackfillAudience {
  source: AudienceSourceValue;
  kind: AudienceKindValue;
}

const loose = z.union([z.string(), z.number()]).nullish();
/** Events as a list or as comma-separated text (the dialog's input). */
const eventList = z.union([z.string(), z.array(z.string())]).nullish();

/** What the dialog, the action and the API send (text as typed). */
export const backfillInputShape = {
  template: z.string().nullish(),
  event: z.string().nullish(),
  text: z.string().nullish(),
  minCount: loose,
  days: loose,
  schedule: z.string().nullish(),
  targetedEvents: eventList,
  excludedEvents: eventList,
};
export const backfillInputSchema = z.object(backfillInputShape);
export type BackfillInput = z.input<typeof backfillInputSchema>;

type Issue = (path: string, message: string) => void;

function wholeNumber(raw: unknown, issue: Issue, path: string, limits: { min: number; max: number }, msgs: { min: string; max: string }, fallback?: number): number | undefined {
  const text = raw === null || raw === undefined ? "" : String(raw).trim();
  if (text === "") {
    if (fallback !== undefined) return fallback;
    issue(path, M.daysRequired);
    return undefined;
  }
  if (!/^\d+$/.test(text)) return void issue(path, M.digitsOnly);
  const n = text.length > 9 ? Infinity : Number(text);
  if (n < limits.min) return void issue(path, msgs.min);
  if (n > limits.max) return void issue(path, msgs.max);
  return n;
}

/** Splits, trims, lower-cases and de-duplicates an event list. */
export function eventNames(raw: string | readonly string[] | null | undefined): string[] {
  const items = typeof raw === "string" ? raw.split(",") : (raw ?? []);
  return [...new Set(items.map((e) => e.trim().toLowerCase()).filter((e) => e !== ""))];
}

function checkEvents(raw: string | readonly string[] | null | undefined, path: string, issue: Issue): string[] {
  const events = eventNames(raw);
  if (events.length > BACKFILL_LIMITS.events) issue(path, M.tooManyEvents);
  else if (events.some((e) => !EVENT_NAME.test(e))) issue(path, M.eventInvalid);
  return events;
}

/** Checks every field (messages on the field itself); the parsed rule when all pass. */
export function checkBackfill(v: BackfillInput, audience: BackfillAudience, issue: Issue): BackfillRuleData | null {
  let ok = true;
  const fail: Issue = (path, message) => {
    ok = false;
    issue(path, message);
  };
  const template = backfillTemplate(v.template);
  if (!(audience.source === "WEBSITE" || audience.source === "MOBILE")) fail("template", M.sourceWithoutBackfill);
  else if (!template) fail("template", M.templateRequired);
  else if (!templatesFor(audience.source, audience.kind).some((t) => t.id === template.id)) fail("template", M.templateNotForSource);
  const has = (p: BackfillParam) => templateHasParam(template?.id, p);
  const query: Partial<BackfillQuery> = { template: template?.id };
  if (has("event")) {
    const event = (v.event ?? "").trim().toLowerCase();
    if (event === "") fail("event", M.eventRequired);
    else if (!EVENT_NAME.test(event)) fail("event", M.eventInvalid);
    query.event = event;
  }
  if (has("text")) {
    const text = (v.text ?? "").trim();
    if (text === "") fail("text", M.textRequired);
    else if (Array.from(text).length > BACKFILL_LIMITS.text) fail("text", M.textTooLong);
    query.text = text;
  }
  if (has("minCount")) query.minCount = wholeNumber(v.minCount, fail, "minCount", BACKFILL_LIMITS.count, { min: M.countMin, max: M.countMax }, 1);
  if (has("days")) query.days = wholeNumber(v.days, fail, "days", BACKFILL_LIMITS.days, { min: M.daysMin, max: M.daysMax });
  const schedule = v.schedule === null || v.schedule === undefined || v.schedule === "" ? "ONCE" : v.schedule;
  if (!(BACKFILL_SCHEDULES as readonly string[]).includes(schedule)) fail("schedule", M.scheduleInvalid);
  const targetedEvents = checkEvents(v.targetedEvents, "targetedEvents", fail);
  const excludedEvents = checkEvents(v.excludedEvents, "excludedEvents", fail);
  if (targetedEvents.some((e) => excludedEvents.includes(e))) fail("excludedEvents", M.eventBothLists);
  if (audience.kind === "IP_BACKFILL") {
    if (targetedEvents.length === 0) fail("targetedEvents", M.ipBackfillEvents);
    if (excludedEvents.length === 0) fail("excludedEvents", M.ipBackfillEvents);
  }
  if (!ok) return null;
  return { query: query as BackfillQuery, schedule: schedule as BackfillScheduleValue, targetedEvents, excludedEvents };
}

/** The zod schema of a backfill rule for one audience: input as typed, output the parsed rule. */
export function backfillRuleSchema(audience: BackfillAudience) {
  return backfillInputSchema
    .superRefine((v, ctx) => {
      checkBackfill(v, audience, (path, message) => ctx.addIssue({ code: "custom", path: [path], message }));
    })
    .transform((v) => checkBackfill(v, audience, () => {})!);
}

/** The stored form of a query: canonical JSON (keys in a fixed order, only the template's parameters). */
export function serializeQuery(q: BackfillQuery): string {
  const t = backfillTemplate(q.template)!;
  const out: Record<string, unknown> = { template: q.template };
  for (const p of t.params) out[p] = q[p];
  return JSON.stringify(out);
}

/** A stored query read back (null: not a query of this language, e.g. written by hand). */
export function parseStoredQuery(stored: string, audience: BackfillAudience): BackfillQuery | null {
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object") return null;
  // Stored rules are checked without their event lists (those live in their own columns, so IP
  // backfill's "one of each" is not asked here; IP backfill has no rules template either way).
  const kind = audience.kind === "IP_BACKFILL" ? "CRM" : audience.kind;
  const parsed = checkBackfill({ ...(raw as Record<string, never>), targetedEvents: [], excludedEvents: [] }, { ...audience, kind }, () => {});
  return parsed?.query ?? null;
}

const times = (n: number | undefined) => (n && n > 1 ? ` at least ${n} times` : "");

/** The query as one sentence ("Users who visited a page containing /product at least 2 times in the last 30 days"). */
export function querySentence(q: BackfillQuery, targetedEvents: readonly string[] = [], excludedEvents: readonly string[] = []): string {
  const days = `in the last ${q.days} ${q.days === 1 ? "day" : "days"}`;
  const base = {
    FIRED_EVENT: () => `Users who fired ${q.event}${times(q.minCount)} ${days}`,
    VISITED_PAGE: () => `Users who visited a page containing "${q.text}"${times(q.minCount)} ${days}`,
    REFERRED_FROM: () => `Users who came from a referrer containing "${q.text}" ${days}`,
    ANY_ACTIVITY: () => `Users with any activity ${days}`,
    AUDIENCE_RULES: () => "Users who match the audience's rules",
  }[q.template]();
  const targeted = targetedEvents.length ? `, who fired any of ${targetedEvents.join(", ")}` : "";
  const excluded = excludedEvents.length ? `${targeted ? " and" : ", who fired"} none of ${excludedEvents.join(", ")}` : "";
  return `${base}${targeted}${excluded}`;
}
