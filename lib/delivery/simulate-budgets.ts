// Budgets of the delivery simulator (./simulate.ts): how much Adv Spend an
// hour of a strategy may still have, given what it and its campaign spent
// before. In micros (whole numbers), so a budget is reached exactly and sums
// stay exact decimals.
//   lifetime      the strategy's budgetValue and the campaign's lifetime budget,
//                 counted from what was delivered before the window (spentBefore)
//   daily         per UTC day: the strategy's daily advertiser spend budget, at most
//                 1/24 of it an hour when it paces evenly, and the campaign's
//                 daily advertiser spend budget shared by its strategies
import type { SimulatedStrategy } from "./simulate-types";

/** Adv Spend delivered before the simulated window, decimal text by strategy id and by campaign id. */
export interface SpentBefore {
  strategies?: Map<number, string>;
  campaigns?: Map<number, string>;
}

/** Exact micros of a decimal text ("12.5" → 12500000); null stays null (no budget). */
export function textToMicros(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const m = /^(-?)(\d+)(?:\.(\d{0,6})\d*)?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const micros = Number(m[2]) * 1e6 + Number((m[3] ?? "").padEnd(6, "0"));
  return m[1] ? -micros : micros;
}

interface Limits {
  lifetime: number | null;
  daily: number | null;
  hourly: number | null;
  campaignLifetime: number | null;
  campaignDaily: number | null;
}

const left = (budget: number | null, spent: number | undefined) => (budget === null ? Infinity : budget - (spent ?? 0));

export class BudgetLedger {
  private readonly total = new Map<string, number>();
  private readonly daily = new Map<string, number>();
  private readonly limits = new Map<number, Limits>();

  constructor(before: SpentBefore = {}) {
    for (const [id, v] of before.strategies ?? []) this.total.set(`s${id}`, textToMicros(v) ?? 0);
    for (const [id, v] of before.campaigns ?? []) this.total.set(`c${id}`, textToMicros(v) ?? 0);
  }

  private limitsOf(s: SimulatedStrategy): Limits {
    let limits = this.limits.get(s.id);
    if (!limits) {
      const b = s.budgets;
      const daily = textToMicros(b.daily);
      limits = {
        lifetime: textToMicros(b.lifetime),
        daily,
        hourly: b.pacing === "EVEN" && daily !== null ? Math.floor(daily / 24) : null,
        campaignLifetime: textToMicros(b.campaignLifetime),
        campaignDaily: textToMicros(b.campaignDaily),
      };
      this.limits.set(s.id, limits);
    }
    return limits;
  }

  /** Micros the strategy may still spend in this hour (Infinity: no budget limits it). */
  allowed(s: SimulatedStrategy, hourNumber: number): number {
    const day = Math.floor(hourNumber / 24);
    const l = this.limitsOf(s);
    return Math.min(
      left(l.lifetime, this.total.get(`s${s.id}`)),
      left(l.campaignLifetime, this.total.get(`c${s.campaignId}`)),
      left(l.daily, this.daily.get(`s${s.id}:${day}`)),
      l.hourly ?? Infinity,
      left(l.campaignDaily, this.daily.get(`c${s.campaignId}:${day}`)),
    );
  }

  spend(s: SimulatedStrategy, hourNumber: number, micros: number): void {
    const day = Math.floor(hourNumber / 24);
    const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + micros);
    add(this.total, `s${s.id}`);
    add(this.total, `c${s.campaignId}`);
    add(this.daily, `s${s.id}:${day}`);
    add(this.daily, `c${s.campaignId}:${day}`);
  }
}
