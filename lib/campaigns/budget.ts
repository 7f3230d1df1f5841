// The campaign form's budget options (business.md 9), derived budget values
// (shell.md 9) and the exact decimal arithmetic they and the campaign schema
// need. Pure: safe in client and server components alike.
//
// Money is Decimal(18,6) in the database and text everywhere else: values are
// read as BigInts scaled by 10^scale, so 0.1 + 0.2 is 0.3 and a 12-digit
// budget divided by a 6-decimal price is exact. No float ever touches money,
// and no general decimal library is needed (decimal.js is only a transitive
// dev dependency here, and its default 20-digit precision could round a
// large quotient up to the next whole number before a floor).

/** Fraction digits of the money columns: Decimal(18,6). */
export const MONEY_SCALE = 6;
/** Whole digits of the money columns: 18 - 6. */
export const MONEY_WHOLE_DIGITS = 12;
/** Fraction digits of a margin typed as a percentage: 12.34%, so x100 display (2 decimals) shows it exactly. */
export const MARGIN_PERCENT_SCALE = 2;

/** Pricing types whose price buys a thousand impressions (shell.md 9 "per-mille"). */
export const PER_MILLE_PRICING_TYPES: readonly string[] = ["CPM"];
/** Pricing types whose value is a price per unit (impression, click, action, install); margin and rev share are shares. */
export const UNIT_PRICED_PRICING_TYPES: readonly string[] = ["CPM", "CPC", "CPA", "CPI"];

/** business.md 9 budget pacing: daily ASAP (6) and Hourly weightage (10); lifetime ASAP (1) and Evenly (10, shown disabled). */
export const PACING_OPTIONS = [
  { key: "DAILY_ASAP", pacingTypeId: 6, budget: "Daily", label: "ASAP", disabled: false },
  { key: "DAILY_HOURLY_WEIGHTAGE", pacingTypeId: 10, budget: "Daily", label: "Hourly weightage", disabled: false },
  { key: "LIFETIME_ASAP", pacingTypeId: 1, budget: "Lifetime", label: "ASAP", disabled: false },
  { key: "LIFETIME_EVENLY", pacingTypeId: 10, budget: "Lifetime", label: "Evenly", disabled: true },
] as const;
export type PacingOptionKey = (typeof PACING_OPTIONS)[number]["key"];
/** business.md 9: budget spends options and cooling period options (units not given by the spec). */
export const BUDGET_SPENDS_OPTIONS = [6, 12, 18] as const;
export const COOLING_PERIOD_OPTIONS = [2, 3, 4, 5, 6, 7] as const;

const DECIMAL_TEXT_RE = /^(-?)(\d*)(?:\.(\d*))?$/;
/** Longer texts are refused before any work, so hostile input costs nothing. */
const MAX_TEXT_LENGTH = 64;

export interface DecimalParts {
  negative: boolean;
  /** Whole digits, leading zeros removed ("" for zero). */
  whole: string;
  /** Fraction digits, trailing zeros removed ("" for none). */
  fraction: string;
}

/** The digits of a plain decimal text ("-12.50", ".5", "7."), or null for anything else (exponents, commas, blanks). */
export function decimalParts(text: string): DecimalParts | null {
  if (text.length > MAX_TEXT_LENGTH) return null;
  const m = DECIMAL_TEXT_RE.exec(text);
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) return null;
  const whole = m[2].replace(/^0+/, "");
  const fraction = (m[3] ?? "").replace(/0+$/, "");
  return { negative: m[1] === "-" && (whole !== "" || fraction !== ""), whole, fraction };
}

/** The one spelling of a decimal: no leading or trailing zeros, no "-0" ("001.50" -> "1.5"). */
export function canonicalDecimal(parts: DecimalParts): string {
  const body = `${parts.whole || "0"}${parts.fraction ? `.${parts.fraction}` : ""}`;
  return parts.negative ? `-${body}` : body;
}

/** A decimal text as an integer count of 10^-scale units, or null when it is not one or has more fraction digits. */
export function toScaled(text: string, scale: number): bigint | null {
  const parts = decimalParts(text);
  if (!parts || parts.fraction.length > scale) return null;
  const units = BigInt(`${parts.whole || "0"}${parts.fraction.padEnd(scale, "0")}`);
  return parts.negative ? -units : units;
}

/** A scaled integer as decimal text: `fixed` fraction digits, or the canonical spelling when omitted. */
export function fromScaled(value: bigint, scale: number, fixed?: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  let fraction = scale > 0 ? digits.slice(-scale) : "";
  fraction = fixed === undefined ? fraction.replace(/0+$/, "") : fraction.slice(0, fixed).padEnd(fixed, "0");
  const body = fraction ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** Rescales to fewer fraction digits, rounding half away from zero (half-up for the positive amounts of this form). */
export function roundScaled(value: bigint, fromScale: number, toScale: number): bigint {
  if (toScale >= fromScale) return value * pow10(toScale - fromScale);
  const divisor = pow10(fromScale - toScale);
  const magnitude = value < 0n ? -value : value;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return value < 0n ? -rounded : rounded;
}

/** Exact comparison of two money texts: -1, 0 or 1, or null when either is not a money amount. */
export function compareMoney(a: string, b: string): -1 | 0 | 1 | null {
  const x = toScaled(a, MONEY_SCALE);
  const y = toScaled(b, MONEY_SCALE);
  if (x === null || y === null) return null;
  return x < y ? -1 : x > y ? 1 : 0;
}

type DecimalInput = string | null | undefined;
const scaledOrNull = (text: DecimalInput, scale: number) => (typeof text === "string" ? toScaled(text.trim(), scale) : null);

// ───────────── derived values (shell.md 9) ─────────────

/**
 * Daily media budget = daily advertiser spend x (1 - margin), to 2 decimals.
 * The spec gives no rounding mode; half-up is used (the usual one for money,
 * and the one lib/format's display uses), on the exact product. The margin is
 * a fraction (0.3 for 30%), as stored. Null when either is missing or not a
 * number, or when the margin is not in [0, 1) (no media budget would be left).
 */
export function dailyMediaBudget(dailySpend: DecimalInput, marginFraction: DecimalInput): string | null {
  const spend = scaledOrNull(dailySpend, MONEY_SCALE);
  const margin = scaledOrNull(marginFraction, MONEY_SCALE);
  const one = pow10(MONEY_SCALE);
  if (spend === null || margin === null || spend < 0n || margin < 0n || margin >= one) return null;
  const product = spend * (one - margin); // scale 12
  return fromScaled(roundScaled(product, 2 * MONEY_SCALE, 2), 2, 2);
}

/**
 * Delivery cap = floor(budget / price x 1000) for per-mille pricing (CPM: the
 * price buys a thousand impressions), floor(budget / price) for the other
 * unit prices. A whole number as text, since a 12-digit budget at a tiny CPM
 * passes 2^53. Null when not computable: a missing or non-positive budget or
 * price, or a pricing type whose value is a share (margin, rev share).
 */
export function deliveryCap(budget: DecimalInput, pricingValue: DecimalInput, pricingType: string | null | undefined): string | null {
  if (!pricingType || !UNIT_PRICED_PRICING_TYPES.includes(pricingType)) return null;
  const amount = scaledOrNull(budget, MONEY_SCALE);
  const price = scaledOrNull(pricingValue, MONEY_SCALE);
  if (amount === null || price === null || amount <= 0n || price <= 0n) return null;
  const perMille = PER_MILLE_PRICING_TYPES.includes(pricingType) ? 1000n : 1n;
  return ((amount * perMille) / price).toString(); // both at the same scale; BigInt division floors positive values
}

/**
 * A stored margin (a fraction) as the percentage shown: x100, 2 decimals
 * half-up, a trailing ".00" dropped (0.25 -> "25", 0.1234 -> "12.34",
 * 0.125 -> "12.50"). No "%" sign: the form puts it beside the field, and
 * lib/format's formatMarginPricing adds it in lists. Null when not a number.
 */
export function marginPercentText(marginFraction: DecimalInput): string | null {
  const fraction = scaledOrNull(marginFraction, MONEY_SCALE);
  if (fraction === null) return null;
  // fraction x 100 at scale 6 is the percentage at scale 4.
  return fromScaled(roundScaled(fraction, MONEY_SCALE - 2, 2), 2, 2).replace(/\.00$/, "");
}

/** A margin typed as a percentage ("30", "12.34") as the stored fraction ("0.3", "0.1234"); null when not a number with at most 2 decimals. */
export function marginFractionOf(percent: DecimalInput): string | null {
  const scaled = scaledOrNull(percent, MARGIN_PERCENT_SCALE);
  return scaled === null ? null : fromScaled(scaled, MARGIN_PERCENT_SCALE + 2);
}

/** What the campaign form holds as the user types (strings as typed; a margin as its percentage). */
export interface BudgetFormValues {
  pricingType?: string | null;
  pricingValue?: string | null;
  dailyAdvSpendBudget?: string | null;
  dailyBudget?: string | null;
  lifetimeBudget?: string | null;
}

export interface DerivedBudgetValues {
  /** Margin pricing: the daily media budget left after the margin; null otherwise or when not computable. */
  dailyBudget: string | null;
  /** Unit pricing: what the daily media budget buys; null when not computable. */
  dailyDeliveryCap: string | null;
  /** Unit pricing: what the lifetime media budget buys (the same formula over the lifetime budget). */
  lifetimeDeliveryCap: string | null;
  /** Margin pricing: the margin as shown (x100 of the stored fraction); null otherwise. */
  marginPercent: string | null;
}

/**
 * Every derived value of the form, from its current values: one call per
 * change, so the form, the details page and the server agree. Under margin
 * pricing the daily media budget derives from the daily advertiser spend and
 * there is no unit price to derive caps from; under unit pricing the caps
 * derive from the media budgets.
 */
export function derivedBudgetValues(values: BudgetFormValues): DerivedBudgetValues {
  const type = values.pricingType ?? null;
  if (type === "MARGIN") {
    const fraction = marginFractionOf(values.pricingValue);
    return {
      dailyBudget: dailyMediaBudget(values.dailyAdvSpendBudget, fraction),
      dailyDeliveryCap: null,
      lifetimeDeliveryCap: null,
      marginPercent: marginPercentText(fraction),
    };
  }
  return {
    dailyBudget: null,
    dailyDeliveryCap: deliveryCap(values.dailyBudget, values.pricingValue, type),
    lifetimeDeliveryCap: deliveryCap(values.lifetimeBudget, values.pricingValue, type),
    marginPercent: null,
  };
}
