// The advertiser dashboard list (shell.md 3: active, name, plus the preset's metrics).
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import type { Prisma } from "../generated/prisma/client";
import { scope } from "../data/gate-core";
import { buildColumns, nameColumn, statusColumn } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import { listWhere, orderByField, type ListFilters } from "../list/where";

const SELECT = { id: true, name: true, active: true, currencyCode: true } satisfies Prisma.AdvertiserSelect;
export type AdvertiserListRecord = Prisma.AdvertiserGetPayload<{ select: typeof SELECT }>;

const where = (ctx: SessionContext, f: ListFilters): Prisma.AdvertiserWhereInput => listWhere(ctx, f);

export const advertiserListAdapter: ListAdapter<AdvertiserListRecord> = {
  entity: "advertiser",
  defaultOrder: { field: "name", desc: false },
  columns: (role, presetColumns) =>
    buildColumns<AdvertiserListRecord>({ role, base: [statusColumn(), nameColumn()], setup: {}, fixedSetup: [], presetColumns }),
  count: (ctx, f) => db.advertiser.count({ where: where(ctx, f) }),
  ids: async (ctx, f) => (await db.advertiser.findMany({ where: where(ctx, f), select: { id: true } })).map((r) => r.id),
  page: (ctx, f, order, skip, take) =>
    db.advertiser.findMany({
      where: where(ctx, f),
      select: SELECT,
      orderBy: orderByField(order.field, order.desc) as Prisma.AdvertiserOrderByWithRelationInput[],
      skip,
      take,
    }),
  byIds: (ctx, ids) => db.advertiser.findMany({ where: { ...scope(ctx), id: { in: ids } }, select: SELECT }),
  filterOptions: async () => ({ advertisers: null, campaigns: null }),
};
