// The business report's periods (SliceX business report): per week or month,
// media spend, advertiser spend, the margin they leave (amount and %), and
// each one's growth over the period before. Pure.

export interface BusinessPeriodInput {
  /** The period's key: the week's Monday or the month's first day (yyyy-MM-dd). */
  period: string;
  label: string;
  /** Adv Spend: what advertisers are charged (the licensee's revenue). */
  revenue: number | null;
  /** Media Spend: what the inventory cost (null for roles that may not see it). */
  cost: number | null;
}

export interface BusinessPeriod extends BusinessPeriodInput {
  /** revenue - cost. */
  marginAmount: number | null;
  /** (revenue - cost) / revenue x 100. */
  marginPercent: number | null;
  growth: { revenue: number | null; cost: number | null; marginAmount: number | null };
}

/** Growth in % from `before` to `now`; null without a base to compare with. */
export function growthPercent(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return ((now - before) / Math.abs(before)) * 100;
}

/** Rounds money to cents so sums of exact decimals do not show binary noise (0.1 + 0.2). */
const cents = (n: number) => Math.round(n * 100) / 100;

export function businessPeriods(input: BusinessPeriodInput[]): BusinessPeriod[] {
  const sorted = [...input].sort((a, b) => a.period.localeCompare(b.period));
  const out: BusinessPeriod[] = [];
  for (const p of sorted) {
    const marginAmount = p.revenue !== null && p.cost !== null ? cents(p.revenue - p.cost) : null;
    const marginPercent = marginAmount !== null && p.revenue ? (marginAmount / p.revenue) * 100 : null;
    const prev = out[out.length - 1];
    out.push({
      ...p,
      marginAmount,
      marginPercent,
      growth: {
        revenue: prev ? growthPercent(p.revenue, prev.revenue) : null,
        cost: prev ? growthPercent(p.cost, prev.cost) : null,
        marginAmount: prev ? growthPercent(marginAmount, prev.marginAmount) : null,
      },
    });
  }
  return out;
}
