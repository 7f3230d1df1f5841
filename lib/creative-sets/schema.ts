// Creative set validation (business.md 3 CREATIVE SET, 4, 5, 9): one schema
// for the form (client, via @hookform/resolvers), the server action and the
// REST API, so all give the same messages on the same fields; the reschedule
// dialog and call take the schedule part with the same rules. Pure: safe in
// client components. Built per use: "in the future" needs the clock, and an
// edit is judged against the schedule it started from.
//
// The field parsers are the campaign form's (lib/campaigns/fields.ts): each
// accepts its own output, so the cross-field rules re-read any field and run
// even when single fields failed. Money stays exact decimal text, never a float.
import { z } from "../validation/z";
import { checkSchedule, decimal, epoch, field, flag, isBlank, oneOf, parsed, recordId, requiredField, timeField, valueOf, type Parser } from "../campaigns/fields";
import { MONEY_SCALE, toScaled } from "../campaigns/budget";
import {
  CREATIVE_SET_MESSAGES as M,
  CREATIVE_SET_NAME,
  CREATIVE_TYPES,
  MAX_SIZES,
  NEVER_ENDING,
  SIZE_RE,
  START_IMMEDIATELY,
} from "./rules";

export * from "./rules";

const fail = (message: string) => ({ message });

const setName: Parser<string> = (raw) => {
  const name = typeof raw === "string" ? raw.trim() : "";
  if (name === "") return fail(M.nameRequired);
  const length = name.length > 4 * CREATIVE_SET_NAME.max ? Infinity : Array.from(name).length;
  if (length < CREATIVE_SET_NAME.min) return fail(M.nameTooShort);
  return length > CREATIVE_SET_NAME.max ? fail(M.nameTooLong) : { value: name };
};

/** Sizes as "WxH" text, each once, in the order given; a bad one names the problem. */
const sizeList: Parser<string[]> = (raw) => {
  if (isBlank(raw)) return { value: [] };
  if (!Array.isArray(raw)) return fail(M.sizeInvalid);
  const out: string[] = [];
  for (const item of raw) {
    const text = typeof item === "string" ? item.trim().toLowerCase().replace(/\s*[x×]\s*/, "x") : "";
    if (!SIZE_RE.test(text)) return fail(M.sizeInvalid);
    if (!out.includes(text)) out.push(text);
  }
  return out.length > MAX_SIZES ? fail(M.tooManySizes) : { value: out };
};

/** Required (business.md 5): blank is its own message, anything else that names no record another. */
const clickDestination: Parser<number | null> = (raw) => (isBlank(raw) ? fail(M.clickDestinationRequired) : recordId(M.clickDestinationInvalid, true)(raw));

export const P = {
  advertiserId: recordId(M.advertiserRequired, true),
  clickDestinationId: clickDestination,
  type: oneOf(CREATIVE_TYPES, M.typeRequired),
  timezoneId: recordId(M.timezoneRequired, true),
  scheduledTimezoneId: recordId(M.scheduledTimezoneRequired, true),
  startTime: epoch(M.startRequired, M.startInvalid, false),
  endTime: epoch(M.endRequired, M.endInvalid, true),
  money: decimal(MONEY_SCALE),
};

export interface CreativeSetSchemaOptions {
  mode: "create" | "edit";
  /** The clock the future rules use: the server's on save, the browser's on each validation. */
  now: Date;
  /** Edit: the stored schedule. A start or end left as saved may be in the past; a changed one must be in the future. */
  saved?: { startTime: Date | null; endTime: Date | null };
}

/** zod skips refinements after a failed field by default; ours re-read every field, so an object is enough. */
const crossFieldWhen = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

type Issue = (path: string, message: string) => void;

/** Epoch seconds as stored: ISO 8601 text (plain data a server action may pass on), null for never ending. */
function storedTimes(v: { startTime: number; endTime: number }, now: Date) {
  return {
    startTime: new Date(v.startTime === START_IMMEDIATELY ? now.getTime() : v.startTime * 1000).toISOString(),
    endTime: v.endTime === NEVER_ENDING ? null : new Date(v.endTime * 1000).toISOString(),
  };
}

const scheduleShape = {
  startTime: timeField(P.startTime, M.startInvalid),
  endTime: timeField(P.endTime, M.endInvalid),
  scheduledTimezoneId: field(P.scheduledTimezoneId, M.scheduledTimezoneRequired),
};

export function creativeSetSchema(options: CreativeSetSchemaOptions) {
  return z
    .object({
      advertiserId: field(P.advertiserId, M.advertiserRequired),
      name: parsed(z.string({ error: M.nameRequired }), setName),
      type: field(P.type, M.typeRequired),
      // Required (not nullish like `field`): a body without it is refused, and the REST document says so.
      clickDestinationId: requiredField(P.clickDestinationId, M.clickDestinationRequired, M.clickDestinationInvalid),
      timezoneId: field(P.timezoneId, M.timezoneRequired),
      dailyMediaBudget: field(P.money, M.amountInvalid),
      ...scheduleShape,
      dcoAd: flag(),
      isPlacebo: flag(),
      sizes: parsed(z.array(z.unknown(), { error: M.sizeInvalid }), sizeList),
    })
    .superRefine((v, ctx) => {
      const issue: Issue = (path, message) => ctx.addIssue({ code: "custom", path: [path], message });
      checkSchedule(v, options, issue, M);
      // Blank is no daily budget; a given one is above zero (business.md 3 "daily media budget", non-zero).
      const budget = valueOf(P.money, v.dailyMediaBudget);
      if (typeof budget === "string" && (toScaled(budget, MONEY_SCALE) ?? 0n) <= 0n) issue("dailyMediaBudget", M.budgetPositive);
    }, crossFieldWhen)
    .transform((v) => ({ ...v, ...storedTimes(v, options.now) }));
}

/** The reschedule call (business.md 7): start, end and the timezone they were typed in, with the form's rules. */
export function rescheduleSchema(options: CreativeSetSchemaOptions) {
  return z
    .object(scheduleShape)
    .superRefine((v, ctx) => checkSchedule(v, options, (path, message) => ctx.addIssue({ code: "custom", path: [path], message }), M), crossFieldWhen)
    .transform((v) => ({ ...v, ...storedTimes(v, options.now) }));
}

export type CreativeSetSchema = ReturnType<typeof creativeSetSchema>;
/** What the form holds (text as typed, times as epoch seconds, sizes as "WxH" text). */
export type CreativeSetFormInput = z.input<CreativeSetSchema>;
/** What the server stores after parsing (money as exact decimal text, times as ISO 8601 text). */
export type CreativeSetData = z.output<CreativeSetSchema>;
export type RescheduleInput = z.input<ReturnType<typeof rescheduleSchema>>;
export type RescheduleData = z.output<ReturnType<typeof rescheduleSchema>>;
