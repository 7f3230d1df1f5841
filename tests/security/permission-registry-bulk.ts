// The permission registry's entries of the strategy bulk edit
// (lib/strategies/bulk-edit/actions.ts, POST /api/v1/strategies/bulk-edit) and of
// the lists' "select all matching" status change (lib/entities/actions.ts),
// spread into PERMISSION_REGISTRY.
import { db } from "@/lib/db";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";

// Removing a zip code the strategy does not have: the call succeeds and leaves the fixture's strategy (and its version) as it was.
const ZIP = [{ field: "zipCodes", action: "REMOVE", items: ["99999"] }];

const versionOf = async (fx: MatrixFixture) =>
  (await db.strategy.findUniqueOrThrow({ where: { id: fx.a.strategyId }, select: { version: true } })).version;

export const BULK_ENTRIES: Record<string, RegistryEntry> = {
  "lib/strategies/bulk-edit/actions.ts#planStrategyBulkEditAction": {
    access: "write",
    args: (fx) => [{ ids: [fx.a.strategyId], changes: ZIP }],
  },
  "lib/strategies/bulk-edit/actions.ts#applyStrategyBulkEditAction": {
    access: "write",
    args: async (fx) => [{ ids: [fx.a.strategyId], versions: { [fx.a.strategyId]: await versionOf(fx) }, changes: ZIP }],
  },
  "POST /api/v1/strategies/bulk-edit": {
    access: "write",
    request: (fx) => ({ method: "POST", path: "/api/v1/strategies/bulk-edit", ...json({ strategyIds: [fx.a.strategyId], changes: ZIP, dryRun: true }) }),
  },
  "lib/entities/actions.ts#setActiveByFilterAction": {
    access: "write",
    // The filters name no record: licensee B's call would change only B's own bulk advertiser.
    otherLicensee: "own-account",
    args: () => [{ entity: "advertiser", filters: { q: "Bulk advertiser", status: "all", advertiserId: null, campaignId: null }, active: false }],
  },
};
