// The campaign form's field parsers: raw input (or their own output) -> value
// or message. Each accepts its own output, so the schema's cross-field rules
// (./schema.ts) can re-read any field, whether it parsed or not.
import { z } from "../validation/z";
import { isId } from "../actions/fields";
import { NEVER_ENDING_EPOCH } from "../format";
import { BUDGET_SPENDS_OPTIONS, COOLING_PERIOD_OPTIONS, PACING_OPTIONS } from "./budget";
import { canonicalDecimal, decimalParts, MONEY_SCALE, MONEY_WHOLE_DIGITS } from "./budget";
import {
  ATTRIBUTION_RATIO,
  CAMPAIGN_MESSAGES as M,
  CAMPAIGN_NAME,
  CAMPAIGN_OBJECTIVES,
  FCAP_HOURS,
  MAX_DELIVERY_CAP,
  MAX_INT4,
  NEVER_ENDING,
  PRICING_TYPES,
  START_IMMEDIATELY,
} from "./rules";


type Parsed<T> = { value: T } | { message: string };
export type Parser<T> = (raw: unknown) => Parsed<T>;
export const fail = (message: string) => ({ message });
export const isBlank = (raw: unknown) => raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");
/** Numbers become their shortest text (1234.56 -> "1234.56"): exact for every amount a form or JSON client sends. */
export const textOf = (raw: unknown) => (typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : null);

/** A decimal of at most `decimals` fraction digits and 12 whole digits, as canonical text; blank is null or `required`. */
export const decimal = (decimals = MONEY_SCALE, required?: string, decimalsMessage: string = M.amountDecimals): Parser<string | null> =>
  (raw) => {
    if (isBlank(raw)) return required ? fail(required) : { value: null };
    const text = textOf(raw);
    const parts = text === null ? null : decimalParts(text);
    if (!parts) return fail(M.amountInvalid);
    if (parts.whole.length > MONEY_WHOLE_DIGITS) return fail(M.amountTooLarge);
    if (parts.fraction.length > decimals) return fail(decimalsMessage);
    return { value: canonicalDecimal(parts) };
  };

/** A whole number from `min` to `max` (`below` / `above` when outside); blank is null. */
export const count = (min: number, max: number, below: string, above: string): Parser<number | null> => (raw) => {
  if (isBlank(raw)) return { value: null };
  const text = textOf(raw);
  if (text === null || !/^-?\d+$/.test(text)) return fail(M.countWhole);
  if (text.startsWith("-")) return fail(below);
  const n = text.replace(/^0+(?=\d)/, "").length > 16 ? Infinity : Number(text); // no digit string can overflow silently
  return n < min ? fail(below) : n > max ? fail(above) : { value: n };
};
/** business.md 5 "count fields at least 1 or 0": 0 means no cap, as blank does. */
export const capCount = (max: number) => count(0, max, M.countMin, M.countTooLarge);

const ISO_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Epoch seconds (a number, digits, an ISO 8601 time or a Date); -1 is kept for "immediately" / "never ending". */
export const epoch = (required: string, invalid: string, end: boolean): Parser<number> => (raw) => {
  if (isBlank(raw)) return fail(required);
  let seconds: number;
  if (raw instanceof Date) seconds = Math.floor(raw.getTime() / 1000);
  else if (typeof raw === "number") seconds = raw;
  else if (typeof raw === "string" && /^-?\d{1,12}$/.test(raw.trim())) seconds = Number(raw.trim());
  else if (typeof raw === "string" && raw.length <= 40 && ISO_TIME_RE.test(raw.trim())) seconds = Math.floor(Date.parse(raw.trim()) / 1000);
  else return fail(invalid);
  if (seconds === -1 || (end && seconds >= NEVER_ENDING_EPOCH)) return { value: -1 };
  return Number.isSafeInteger(seconds) && seconds >= 0 && seconds < NEVER_ENDING_EPOCH ? { value: seconds } : fail(invalid);
};

/** One of `options` (a string or number that equals one); blank is null or `required`. */
export const oneOf = <T extends string | number>(options: readonly T[], message: string, required = true): Parser<T | null> => (raw) => {
  if (isBlank(raw)) return required ? fail(message) : { value: null };
  const text = textOf(raw);
  const found = options.find((o) => String(o) === text);
  return found === undefined ? fail(message) : { value: found };
};

/** A record id (number or digits); blank is null or `required`. */
export const recordId = (message: string, required: boolean): Parser<number | null> => (raw) => {
  if (isBlank(raw)) return required ? fail(message) : { value: null };
  const n = typeof raw === "string" && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return isId(n) ? { value: n } : fail(message);
};

export const campaignName: Parser<string> = (raw) => {
  const name = typeof raw === "string" ? raw.trim() : "";
  if (name === "") return fail(M.nameRequired);
  const length = name.length > 4 * CAMPAIGN_NAME.max ? Infinity : Array.from(name).length; // characters, as VarChar(100) counts them
  if (length < CAMPAIGN_NAME.min) return fail(M.nameTooShort);
  return length > CAMPAIGN_NAME.max ? fail(M.nameTooLong) : { value: name };
};

export const P = {
  advertiserId: recordId(M.advertiserRequired, true),
  pixelId: recordId(M.pixelRequired, false), // required-ness depends on the pricing type: see the rules
  objective: oneOf(CAMPAIGN_OBJECTIVES, M.objectiveRequired),
  pricingType: oneOf(PRICING_TYPES, M.pricingTypeRequired),
  startTime: epoch(M.startRequired, M.startInvalid, false),
  endTime: epoch(M.endRequired, M.endInvalid, true),
  pricingValue: decimal(MONEY_SCALE, M.pricingValueRequired),
  money: decimal(),
  attributionRatio: decimal(ATTRIBUTION_RATIO.decimals, undefined, M.attributionDecimals),
  frequencyCap: capCount(MAX_INT4),
  deliveryCap: capCount(MAX_DELIVERY_CAP),
  dailyFcapHours: count(FCAP_HOURS.min, FCAP_HOURS.max, M.fcapHoursRange, M.fcapHoursRange),
  pacingOption: oneOf(PACING_OPTIONS.map((o) => o.key), M.pacingRequired, false),
  budgetSpends: oneOf(BUDGET_SPENDS_OPTIONS, M.budgetSpendsInvalid, false),
  coolingPeriod: oneOf(COOLING_PERIOD_OPTIONS, M.coolingPeriodInvalid, false),
};

export const valueOf = <T>(parse: Parser<T>, raw: unknown): T | undefined => {
  const r = parse(raw);
  return "value" in r ? r.value : undefined;
};

/** `parse` as a zod transform: its value, or its message as the field's issue. */
const parseWith = <T>(parse: Parser<T>) => (raw: unknown, ctx: z.RefinementCtx) => {
  const r = parse(raw);
  if ("value" in r) return r.value;
  ctx.addIssue({ code: "custom", message: r.message });
  return z.NEVER;
};

/** A form field: its input (text, numbers, Dates as inputs hold them; `message` for any other type), read by `parse`. */
export function parsed<I extends z.ZodType, T>(input: I, parse: Parser<T>) {
  return input.nullish().transform(parseWith(parse));
}
export const field = <T>(parse: Parser<T>, message: string) => parsed(z.union([z.string(), z.number()], { error: message }), parse);
/** A field every body carries: not nullish, so the REST document lists it as required; missing or null is `missing`, another type `invalid`. */
export const requiredField = <T>(parse: Parser<T>, missing: string, invalid: string = missing) =>
  z.union([z.string(), z.number()], { error: (issue) => (issue.input == null ? missing : invalid) }).transform(parseWith(parse));
export const timeField = <T>(parse: Parser<T>, message: string) => parsed(z.union([z.string(), z.number(), z.date()], { error: message }), parse);
export const flag = () => z.boolean({ error: "Choose yes or no" }).default(false);

/** The schedule's messages: each schema words them its own way. */
export interface ScheduleMessages {
  startInPast: string;
  endInPast: string;
  endBeforeStart: string;
}

export interface ScheduleCheckOptions {
  mode: "create" | "edit";
  /** The clock the future rules use. */
  now: Date;
  /** Edit: the stored schedule. A start or end left as saved may be in the past; a changed one must be in the future. */
  saved?: { startTime: Date | null; endTime: Date | null };
}

/**
 * The schedule rules of business.md 4 and 9, over raw or parsed times (-1
 * starts now, -1 never ends): a start or end typed on create (or changed from
 * the saved one on edit) lies in the future, and an end comes after the start.
 * A time that does not parse is left to its own field's message.
 */
export function checkSchedule(
  v: { startTime: unknown; endTime: unknown },
  options: ScheduleCheckOptions,
  issue: (path: string, message: string) => void,
  messages: ScheduleMessages = M,
) {
  const nowMs = options.now.getTime();
  const start = valueOf(P.startTime, v.startTime);
  const end = valueOf(P.endTime, v.endTime);
  const startMs = start === undefined ? undefined : start === START_IMMEDIATELY ? nowMs : start * 1000;
  const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
  const mustBeFuture = (value: number, saved: Date | null | undefined) => options.mode === "create" || (options.saved !== undefined && seconds(saved) !== value);
  if (start !== undefined && start !== START_IMMEDIATELY && mustBeFuture(start, options.saved?.startTime) && start * 1000 < nowMs) {
    issue("startTime", messages.startInPast);
  }
  if (end !== undefined && end !== NEVER_ENDING) {
    if (mustBeFuture(end, options.saved?.endTime) && end * 1000 <= nowMs) issue("endTime", messages.endInPast);
    else if (startMs !== undefined && end * 1000 <= startMs) issue("endTime", messages.endBeforeStart);
  }
}
