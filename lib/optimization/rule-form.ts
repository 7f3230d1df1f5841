// The optimization rule form (shell.md 2.13 "Rule form", 3 "Strategy rule",
// 5 "Rule form", 9): one zod schema shared by the form, the server actions and
// the REST API. Raw form text (or JSON numbers) in, typed rule values out.
//
// Every field is parsed here, then the cross-field rules run on what parsed,
// all in one pass, so a user sees every message at once (zod would skip an
// object refinement after a field failed).
// Pure: safe in client components.
import { z } from "../validation/z";

export const CONV_TYPES = ["INSTALL", "RE_ENGAGS", "CONV", "CLICKS"] as const;
export type RuleConvType = (typeof CONV_TYPES)[number];

export const CONV_TYPE_LABELS: Record<RuleConvType, string> = {
  INSTALL: "Installs",
  RE_ENGAGS: "Re-engagements",
  CONV: "Conversions",
  CLICKS: "Clicks",
};

/** shell.md 9: duration 3 to 14 days, refresh at least 1 day, spend at least 0.001. */
export const RULE_LIMITS = { durationMin: 3, durationMax: 14, refreshMin: 1, spendMin: "0.001", countMin: 1 } as const;
/** The stored precision of spend (Decimal(18, 6)) and the largest whole count (int4). */
const SPEND_DECIMALS = 6;
const SPEND_WHOLE_DIGITS = 12;
const MAX_COUNT = 2_147_483_647;

export const RULE_MESSAGES = {
  spendMin: "Value must be greater than or equal to 0.001",
  countMin: "Value must be greater than or equal to 1",
  whole: "Only whole numbers are allowed",
  notNumber: "Please enter a number",
  spendDecimals: `At most ${SPEND_DECIMALS} decimal places are allowed`,
  tooLarge: "The value is too large",
  oneLimit: "At least one of spend, imps, or clicks is required",
  required: "This field is required",
  clicksWithClicksLimit: "Clicks cannot be the expected result while a clicks limit is set",
  durationMin: `Minimum duration should be ${RULE_LIMITS.durationMin}`,
  durationMax: `Maximum duration is ${RULE_LIMITS.durationMax}`,
  refreshMin: "Minimum Refresh Rate should atleast be of 1 day",
} as const;

/** What the form holds: text as typed (the API may send numbers). */
export interface RuleFormValues {
  spend: string;
  imps: string;
  clicks: string;
  convType: RuleConvType | "";
  convs: string;
  durationDays: string;
  refreshRateDays: string;
}

export const EMPTY_RULE_FORM: RuleFormValues = {
  spend: "",
  imps: "",
  clicks: "",
  convType: "INSTALL",
  convs: "",
  durationDays: "",
  refreshRateDays: "",
};

/** A rule as stored and returned: spend as exact decimal text. */
export interface RuleValues {
  spend: string | null;
  imps: number | null;
  clicks: number | null;
  convType: RuleConvType;
  convs: number;
  durationDays: number;
  refreshRateDays: number | null;
}

type Parsed<T> = { value: T } | { message: string };

const isBlank = (raw: unknown) => raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");
const textOf = (raw: unknown) => (typeof raw === "number" && Number.isFinite(raw) ? String(raw) : typeof raw === "string" ? raw.trim() : null);

/** A whole number, at least `min` (`below` otherwise); blank is null. */
function wholeNumber(raw: unknown, min: number, below: string, above?: { max: number; message: string }): Parsed<number | null> {
  if (isBlank(raw)) return { value: null };
  const text = textOf(raw);
  if (text === null || !/^-?\d+(\.\d+)?$/.test(text)) return { message: RULE_MESSAGES.notNumber };
  if (!/^-?\d+$/.test(text)) return { message: RULE_MESSAGES.whole };
  const n = Number(text);
  if (n < min) return { message: below };
  if (above && n > above.max) return { message: above.message };
  return n > MAX_COUNT ? { message: RULE_MESSAGES.tooLarge } : { value: n };
}

/** Spend as canonical decimal text ("10.50" -> "10.5"), at least 0.001; blank is null. */
function spendOf(raw: unknown): Parsed<string | null> {
  if (isBlank(raw)) return { value: null };
  const text = textOf(raw);
  const match = text === null ? null : /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) return { message: RULE_MESSAGES.notNumber };
  const [, sign, wholeRaw, fractionRaw = ""] = match;
  const whole = wholeRaw.replace(/^0+(?=\d)/, "") || "0";
  const fraction = fractionRaw.replace(/0+$/, "");
  if (fraction.length > SPEND_DECIMALS) return { message: RULE_MESSAGES.spendDecimals };
  if (whole.length > SPEND_WHOLE_DIGITS) return { message: RULE_MESSAGES.tooLarge };
  const canonical = fraction ? `${whole}.${fraction}` : whole;
  // Compare as whole thousandths, exactly: below 0.001 means fewer than one (0.0009 -> 0).
  const thousandths = BigInt(whole) * BigInt(1000) + BigInt((fraction + "000").slice(0, 3));
  const belowMin = sign === "-" || thousandths < BigInt(1);
  return belowMin ? { message: RULE_MESSAGES.spendMin } : { value: canonical };
}

function convTypeOf(raw: unknown): Parsed<RuleConvType> {
  return typeof raw === "string" && (CONV_TYPES as readonly string[]).includes(raw) ? { value: raw as RuleConvType } : { message: RULE_MESSAGES.required };
}

/** The conversion types offered: CLICKS is not while a clicks limit is filled (shell.md 4). */
export function convTypeChoices(clicksLimit: unknown): RuleConvType[] {
  return isBlank(clicksLimit) ? [...CONV_TYPES] : CONV_TYPES.filter((t) => t !== "CLICKS");
}

// Every field may be missing (an API caller leaves out what it does not limit); the transform decides what is required.
const rawRule = z.object({
  spend: z.unknown().optional(),
  imps: z.unknown().optional(),
  clicks: z.unknown().optional(),
  convType: z.unknown().optional(),
  convs: z.unknown().optional(),
  durationDays: z.unknown().optional(),
  refreshRateDays: z.unknown().optional(),
});

export const ruleSchema = rawRule.transform((raw, ctx): RuleValues => {
  const issue = (path: keyof RuleFormValues, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const take = <T>(path: keyof RuleFormValues, parsed: Parsed<T>): T | undefined => {
    if ("message" in parsed) {
      issue(path, parsed.message);
      return undefined;
    }
    return parsed.value;
  };
  const spend = take("spend", spendOf(raw.spend));
  const imps = take("imps", wholeNumber(raw.imps, RULE_LIMITS.countMin, RULE_MESSAGES.countMin));
  const clicks = take("clicks", wholeNumber(raw.clicks, RULE_LIMITS.countMin, RULE_MESSAGES.countMin));
  const convType = take("convType", convTypeOf(raw.convType));
  const convs = isBlank(raw.convs) ? (issue("convs", RULE_MESSAGES.required), undefined) : take("convs", wholeNumber(raw.convs, RULE_LIMITS.countMin, RULE_MESSAGES.countMin));
  const durationDays = isBlank(raw.durationDays)
    ? (issue("durationDays", RULE_MESSAGES.required), undefined)
    : take(
        "durationDays",
        wholeNumber(raw.durationDays, RULE_LIMITS.durationMin, RULE_MESSAGES.durationMin, { max: RULE_LIMITS.durationMax, message: RULE_MESSAGES.durationMax }),
      );
  const refreshRateDays = take("refreshRateDays", wholeNumber(raw.refreshRateDays, RULE_LIMITS.refreshMin, RULE_MESSAGES.refreshMin));

  // Cross-field rules, on the fields as typed: a limit that failed to parse was still given.
  if (isBlank(raw.spend) && isBlank(raw.imps) && isBlank(raw.clicks)) issue("spend", RULE_MESSAGES.oneLimit);
  if (convType === "CLICKS" && !isBlank(raw.clicks)) issue("convType", RULE_MESSAGES.clicksWithClicksLimit);

  if (spend === undefined || imps === undefined || clicks === undefined || !convType || !convs || !durationDays || refreshRateDays === undefined) return z.NEVER;
  return { spend, imps, clicks, convType, convs, durationDays, refreshRateDays };
});

/** A stored rule as the form shows it. */
export function ruleFormValues(rule: RuleValues): RuleFormValues {
  const text = (n: number | string | null) => (n === null ? "" : String(n));
  return {
    spend: text(rule.spend),
    imps: text(rule.imps),
    clicks: text(rule.clicks),
    convType: rule.convType,
    convs: text(rule.convs),
    durationDays: text(rule.durationDays),
    refreshRateDays: text(rule.refreshRateDays),
  };
}
