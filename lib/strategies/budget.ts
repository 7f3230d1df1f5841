// The derived values of the strategy's budget step (shell.md 9), shown beside
// their fields as the user types, on the details page and in the review. The
// formulas are the campaign form's (../campaigns/budget.ts: exact decimals,
// never floats); this module only says which strategy fields feed them:
// - margin pricing: daily media budget = daily advertiser spend budget x (1 - margin), 2 decimals;
// - unit pricing (CPM, CPC, CPA, CPI): delivery caps = floor(budget / price x 1000) for CPM, x 1 otherwise,
//   daily from the daily advertiser spend budget, lifetime from the budget.
// A budget of -1 (or blank) is unlimited: it derives nothing. Pure.
import { dailyMediaBudget, deliveryCap, marginFractionOf, marginPercentText } from "../campaigns/budget";

export interface StrategyBudgetValues {
  pricingType?: string | null;
  /** As typed: a margin as its percentage. */
  pricingValue?: string | number | null;
  budgetValue?: string | number | null;
  dailyAdvSpendBudget?: string | number | null;
}

export interface StrategyDerivedValues {
  /** Margin pricing: the daily media budget left after the margin. */
  dailyMediaBudget: string | null;
  /** Unit pricing: what the daily advertiser spend budget buys. */
  dailyDeliveryCap: string | null;
  /** Unit pricing: what the budget buys over the strategy's life. */
  lifetimeDeliveryCap: string | null;
  /** Margin pricing: the margin as shown (x100 of the fraction, no trailing .00). */
  marginPercent: string | null;
}

/** A typed amount as text; -1 (unlimited) and blanks are none. */
function amount(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === "" || /^-1(\.0*)?$/.test(text) ? null : text;
}

export function strategyDerivedValues(values: StrategyBudgetValues): StrategyDerivedValues {
  const type = values.pricingType ?? null;
  const price = amount(values.pricingValue);
  const daily = amount(values.dailyAdvSpendBudget);
  if (type === "MARGIN") {
    const fraction = marginFractionOf(price);
    return { dailyMediaBudget: dailyMediaBudget(daily, fraction), dailyDeliveryCap: null, lifetimeDeliveryCap: null, marginPercent: marginPercentText(fraction) };
  }
  return {
    dailyMediaBudget: null,
    dailyDeliveryCap: deliveryCap(daily, price, type),
    lifetimeDeliveryCap: deliveryCap(amount(values.budgetValue), price, type),
    marginPercent: null,
  };
}
