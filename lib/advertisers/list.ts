// The advertiser dashboard list (shell.md 3: active, name, plus the preset's
// metrics) on the shared list engine, through the tenant-scoped client.
import "server-only";
import type { SessionContext } from "../auth/context";
import type { Prisma } from "../generated/prisma/client";
import { tenantDb } from "../data/tenant-db";
import { buildColumns, nameColumn, statusColumn } from "../list/columns";
import { deliveryMetrics, type ListAdapter } from "../list/engine";
import { listIdsSql } from "../list/where-sql";
import { modelRows } from "../list/rows";
import type { FilterOption } from "../list/types";
import { listWhere, type ListFilters } from "../list/where";

const SELECT = { id: true, name: true, active: true, currencyCode: true } satisfies Prisma.AdvertiserSelect;
export type AdvertiserListRecord = Prisma.AdvertiserGetPayload<{ select: typeof SELECT }>;

const where = (f: ListFilters): Prisma.AdvertiserWhereInput => listWhere(f);

/** The advertiser filter of list toolbars: the licensee's advertisers that are not archived, by name. */
export function advertiserOptions(ctx: SessionContext): Promise<FilterOption[]> {
  return tenantDb(ctx).advertiser.findMany({
    where: { isArchived: false },
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

export const advertiserListAdapter: ListAdapter<AdvertiserListRecord> = {
  defaultOrder: { field: "name", desc: false },
  columns: (role, presetColumns) =>
    buildColumns<AdvertiserListRecord>({ role, base: [statusColumn(), nameColumn()], setup: {}, fixedSetup: [], presetColumns }),
  ...modelRows<AdvertiserListRecord>({ model: (db) => db.advertiser, where, select: SELECT }),
  filterOptions: async () => ({ advertisers: null, campaigns: null }),
  ...deliveryMetrics("advertiser", (f) => listIdsSql("Advertiser", f)),
};
