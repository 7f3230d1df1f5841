// The strategy form's field parsers, on the campaign form's (../campaigns/fields.ts):
// raw input (or their own output) -> value or message, so the cross-field
// rules (./steps.ts) can re-read any field whether it parsed or not. Pure.
import { z } from "../validation/z";
import { capCount, count, decimal, epoch, fail, field, isBlank, oneOf, parsed, recordId, textOf, timeField, type Parser } from "../campaigns/fields";
import { MONEY_SCALE, toScaled } from "../campaigns/budget";
import { PRICING_TYPES } from "../campaigns/rules";
import { FCAP_INTERVAL_HOURS, PACING_TYPE_IDS, RECOMMENDATION_LOGIC, SKOVERLAY_POSITIONS, STRATEGY_TYPE_OPTIONS } from "./options";
import { BID_PERCENTAGE, MAX_ASSOCIATIONS, MAX_INT4, STRATEGY_MESSAGES as M, STRATEGY_NAME, TRACKING_PARAMETER_MAX } from "./rules";

export { field, flag, isBlank, parsed, timeField, valueOf, type Parser } from "../campaigns/fields";

const strategyName: Parser<string> = (raw) => {
  const name = typeof raw === "string" ? raw.trim() : "";
  if (name === "") return fail(M.nameRequired);
  const length = name.length > 4 * STRATEGY_NAME.max ? Infinity : Array.from(name).length;
  return length > STRATEGY_NAME.max ? fail(M.nameTooLong) : { value: name };
};

const trackingParameter: Parser<string | null> = (raw) => {
  if (isBlank(raw)) return { value: null };
  const text = typeof raw === "string" ? raw.trim() : null;
  if (text === null) return fail(M.trackingParameterTooLong);
  return text.length > TRACKING_PARAMETER_MAX ? fail(M.trackingParameterTooLong) : { value: text };
};

/** A money amount that is "none" when blank or one of `none` ("-1" unlimited; "0" no cap), else above 0. */
const moneyOrNone = (none: readonly string[], positive: string): Parser<string | null> => {
  const money = decimal();
  return (raw) => {
    const text = textOf(raw);
    if (isBlank(raw) || (text !== null && none.some((n) => toScaled(text, MONEY_SCALE) === toScaled(n, MONEY_SCALE)))) return { value: null };
    const r = money(raw);
    if (!("value" in r) || r.value === null) return r;
    return (toScaled(r.value, MONEY_SCALE) ?? 0n) > 0n ? r : fail(positive);
  };
};

/** A positive money amount, blank for none. */
const positiveMoney = (positive: string) => moneyOrNone([], positive);

/** An optional time: blank is null, else epoch seconds (no -1). */
const optionalTime: Parser<number | null> = (raw) => {
  if (isBlank(raw)) return { value: null };
  const r = epoch(M.resetTimeRequired, M.startInvalid, false)(raw);
  return "value" in r && r.value === -1 ? fail(M.startInvalid) : r;
};

const bidPercentage: Parser<string | null> = (raw) => {
  const r = decimal(BID_PERCENTAGE.decimals, undefined, M.bidPercentageDecimals)(raw);
  if (!("value" in r) || r.value === null) return r;
  const scaled = toScaled(r.value, BID_PERCENTAGE.decimals)!;
  return scaled <= 0n || scaled > BigInt(BID_PERCENTAGE.max) * 10_000n ? fail(M.bidPercentageRange) : r;
};

export const P = {
  campaignId: recordId(M.campaignRequired, true),
  name: strategyName,
  type: oneOf(STRATEGY_TYPE_OPTIONS.map((o) => o.value), M.typeRequired),
  startTime: epoch(M.startRequired, M.startInvalid, false),
  endTime: epoch(M.endRequired, M.endInvalid, true),
  trackingParameter,
  skOverlayPosition: oneOf(SKOVERLAY_POSITIONS.map((o) => o.value), M.skOverlayPosition, false),
  fcapFrequency: count(1, MAX_INT4, M.countMin, M.countTooLarge),
  fcapInterval: count(FCAP_INTERVAL_HOURS.min, FCAP_INTERVAL_HOURS.max, M.fcapIntervalRange, M.fcapIntervalRange),
  lifetimeUserFcap: capCount(MAX_INT4),
  pricingType: oneOf(PRICING_TYPES, M.pricingTypeRequired),
  pricingValue: decimal(MONEY_SCALE, M.pricingValueRequired),
  bidPercentage,
  bidCap: moneyOrNone(["0", "-1"], M.bidCapPositive),
  budget: moneyOrNone(["-1"], M.budgetPositive),
  pacingTypeId: oneOf(PACING_TYPE_IDS, M.pacingTypeRequired),
  pacingBudgetValue: positiveMoney(M.pacingBudgetPositive),
  deltaMediaBudget: decimal(),
  resetTime: optionalTime,
  boostBidPrice: positiveMoney(M.boostBidPositive),
  cpaTarget: positiveMoney(M.cpaTargetPositive),
  recommendationLogic: oneOf(RECOMMENDATION_LOGIC.map((o) => o.value), M.recommendationLogicRequired, false),
};

/** A list of record ids (numbers or digit strings), without repeats; blank is empty. */
export const idArray = () =>
  z
    .array(z.union([z.string(), z.number()]), { error: M.unknownRecord })
    .max(MAX_ASSOCIATIONS, M.tooMany)
    .nullish()
    .transform((raw, ctx) => {
      const ids: number[] = [];
      for (const item of raw ?? []) {
        const r = recordId(M.unknownRecord, true)(item);
        if (!("value" in r) || r.value === null) {
          ctx.addIssue({ code: "custom", message: M.unknownRecord });
          return z.NEVER;
        }
        if (!ids.includes(r.value)) ids.push(r.value);
      }
      return ids;
    });

/** The value of a zod field schema for raw input (or its own output), or undefined when it does not parse. */
export function peek<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> | undefined {
  const r = schema.safeParse(raw);
  return r.success ? r.data : undefined;
}

export const fields = {
  name: parsed(z.string({ error: M.nameRequired }), P.name),
  trackingParameter: parsed(z.string({ error: M.trackingParameterTooLong }), P.trackingParameter),
  startTime: timeField(P.startTime, M.startInvalid),
  endTime: timeField(P.endTime, M.endInvalid),
  resetTime: timeField(P.resetTime, M.startInvalid),
  money: (parse: Parser<string | null>) => field(parse, M.pricingValueRequired),
};
