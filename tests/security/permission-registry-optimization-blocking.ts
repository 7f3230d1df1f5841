// The permission registry's entries of the strategy blocking dialog
// (lib/optimization/blocking/actions.ts) and its REST routes, spread into
// PERMISSION_REGISTRY. Optimize is refused before a strategy is 30 days old
// or has 10 installs/conversions (business.md 4), so the write entries block
// on a strategy of their own that started 40 days ago, found or made while
// the arguments are built (before the matrix takes its row counts); the
// fixture's strategy is only read.
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";
import { anyExchangeId, campaignStrategyOf } from "./matrix-records";

/** Eligible to be optimized: started 40 days ago (business.md 4). */
const eligibleStrategyOf = (fx: MatrixFixture) => campaignStrategyOf(fx, "Matrix optimize strategy", { startTime: new Date(Date.now() - 40 * 86_400_000) });


export const OPTIMIZATION_BLOCKING_ENTRIES: Record<string, RegistryEntry> = {
  "lib/optimization/blocking/actions.ts#targetingSuggestionsAction": { access: "read", args: (fx) => [{ strategyId: fx.a.strategyId, entity: "aggregator" }] },
  "lib/optimization/blocking/actions.ts#existingTargetingAction": { access: "read", args: (fx) => [{ strategyId: fx.a.strategyId, entity: "site" }] },
  "lib/optimization/blocking/actions.ts#optimizeStrategyAction": {
    access: "write",
    args: async (fx) => [{ strategyId: await eligibleStrategyOf(fx), aggregatorIds: [await anyExchangeId()] }],
  },
  "GET /api/v1/strategies/{id}/targeting-suggestions": {
    access: "read",
    request: (fx) => ({
      method: "GET",
      path: `/api/v1/strategies/${fx.a.strategyId}/targeting-suggestions?entity=site`,
      params: { id: String(fx.a.strategyId) },
    }),
  },
  "GET /api/v1/strategies/{id}/targeting": {
    access: "read",
    request: (fx) => ({ method: "GET", path: `/api/v1/strategies/${fx.a.strategyId}/targeting?entity=aggregator`, params: { id: String(fx.a.strategyId) } }),
  },
  "POST /api/v1/strategies/{id}/optimize": {
    access: "write",
    request: async (fx) => {
      const id = String(await eligibleStrategyOf(fx));
      return { method: "POST", path: `/api/v1/strategies/${id}/optimize`, params: { id }, ...json({ siteIds: [], aggregatorIds: [await anyExchangeId()] }) };
    },
  },
};
