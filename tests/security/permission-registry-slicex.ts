// The permission registry's entry of SliceX (lib/slicex/actions.ts): the
// drill-down into a pivot cell, a read every role may make.
import type { RegistryEntry } from "./permission-types";

const QUERY = { rows: "campaign", columns: "date", metric: "impressions", from: "2026-11-01", to: "2026-11-07", timezoneId: 805 };

export const SLICEX_ENTRIES: Record<string, RegistryEntry> = {
  "lib/slicex/actions.ts#drillPivotCellAction": {
    access: "read",
    // A's campaign id as a filter: B's answer holds nothing of A (the engine reads B's delivery only).
    otherLicensee: "no-data",
    args: (fx) => [{ query: QUERY, rowKey: String(fx.a.campaignId), columnKey: "2026-11-02", by: "strategy" }],
  },
};
