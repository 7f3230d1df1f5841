// shell.md 3 'Suggestion response' (GET …/strategies/{id}/targeting-suggestions):
// every aggregator or site that delivered for the strategy in the past 30
// days (shell.md 9), minus those already in its targeting lists, with the
// catalogue's formulas (lib/metrics/formulas.ts: revenue is Adv Spend, cost
// Media Spend) over the summed delivery facts, most advertiser spend first.
// A metric the caller's role may not see (shell.md 6) is null.
import "server-only";
import type { SessionContext } from "../../auth/context";
import { canSeeMetric } from "../../auth/roles";
import { tenantDb } from "../../data/tenant-db";
import { METRICS } from "../../metrics/catalogue";
import { computeMetrics, type BaseSums } from "../../metrics/formulas";
import { namesOf } from "./existing-targeting";
import { withoutExisting } from "./merge";
import { SUGGESTION_LOOKBACK_DAYS, SUGGESTION_METRICS, type BlockingEntity, type Suggestion, type SuggestionResponse } from "./schema";
import { listsOf, loadBlockingStrategy } from "./strategy";

const HOUR_MS = 3_600_000;

/** The past 30 days up to the current hour: [from, to). */
export function suggestionWindow(now: Date): { from: Date; to: Date } {
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  return { from: new Date(to.getTime() - SUGGESTION_LOOKBACK_DAYS * 24 * HOUR_MS), to };
}

const SUMMED = { impressions: true, clicks: true, installs: true, conversions: true, revenue: true, cost: true, advRevenue: true } as const;

export async function loadSuggestions(ctx: SessionContext, strategyId: number, entity: BlockingEntity, now = new Date()): Promise<SuggestionResponse> {
  const db = tenantDb(ctx);
  const strategy = await loadBlockingStrategy(db, strategyId);
  const { from, to } = suggestionWindow(now);
  const hour = { gte: from, lt: to };
  const groups =
    entity === "aggregator"
      ? (await db.deliveryHourly.groupBy({ by: ["aggregatorId"], where: { strategyId, hour, aggregatorId: { not: null } }, _sum: SUMMED })).map((g) => ({
          id: g.aggregatorId!,
          sum: g._sum,
        }))
      : (await db.deliveryHourly.groupBy({ by: ["siteId"], where: { strategyId, hour, siteId: { not: null } }, _sum: SUMMED })).map((g) => ({
          id: g.siteId!,
          sum: g._sum,
        }));
  const remaining = withoutExisting(groups, listsOf(strategy.inventory, entity));
  const names = await namesOf(db, entity, remaining.map((g) => g.id));
  const hidden = new Set(METRICS.filter((m) => !canSeeMetric(ctx.role, m)).map((m) => m.id));
  const list: Suggestion[] = remaining.map((g) => {
    const sums: BaseSums = Object.fromEntries(Object.entries(g.sum).map(([k, v]) => [k, v === null || v === undefined ? null : v.toString()]));
    const values = computeMetrics(sums, SUGGESTION_METRICS);
    for (const id of SUGGESTION_METRICS) if (hidden.has(id)) values[id] = null;
    return { ...(values as Record<(typeof SUGGESTION_METRICS)[number], number | null>), id: g.id, name: names.get(g.id) ?? `#${g.id}` };
  });
  list.sort((a, b) => (b.revenue ?? 0) - (a.revenue ?? 0) || a.name.localeCompare(b.name) || a.id - b.id);
  return { entity, currencyCode: strategy.currencyCode, from: from.toISOString(), to: to.toISOString(), recommendationList: list };
}
