// How a list adapter reads its rows from one model through the tenant-scoped
// client: the count, the filtered ids (to sort by a metric), a page in a
// whitelisted order, and rows by id. Every list reads the same way; an adapter
// gives its model, its filters and what it selects.
import "server-only";
import { tenantDb, type TenantClient } from "../data/tenant-db";
import type { BaseRecord } from "./columns";
import type { ListAdapter } from "./engine";
import { orderByField, type ListFilters } from "./where";

type Where = Record<string, unknown>;

// The models differ in their Prisma types but take the same arguments here:
// a where, an optional select, an order, skip and take.
interface RowDelegate {
  count(args: { where: Where }): Promise<number>;
  findMany(args: { where: Where; select?: Where; orderBy?: Where[]; skip?: number; take?: number }): Promise<Record<string, unknown>[]>;
}

export interface ModelRows<R extends BaseRecord, Row> {
  /** The model's delegate ("db => db.pixel"). */
  model(db: TenantClient): unknown;
  /** The filters of the URL as the model's where (archived rows excluded: lib/list/where.ts listWhere). */
  where(f: ListFilters): Where;
  /** The columns the list reads (default: the whole row). */
  select?: Where;
  /** The row as the list's record (default: unchanged). */
  toRecord?(row: Row): R;
}

export function modelRows<R extends BaseRecord, Row = R>(opts: ModelRows<R, Row>): Pick<ListAdapter<R>, "count" | "ids" | "page" | "byIds"> {
  const rows = (ctx: Parameters<typeof tenantDb>[0]) => opts.model(tenantDb(ctx)) as RowDelegate;
  const records = (found: Record<string, unknown>[]) => found.map((r) => (opts.toRecord ? opts.toRecord(r as Row) : (r as unknown as R)));
  return {
    count: (ctx, f) => rows(ctx).count({ where: opts.where(f) }),
    ids: async (ctx, f) => (await rows(ctx).findMany({ where: opts.where(f), select: { id: true } })).map((r) => r.id as number),
    page: async (ctx, f, order, skip, take) =>
      records(await rows(ctx).findMany({ where: opts.where(f), select: opts.select, orderBy: orderByField(order.field, order.desc), skip, take })),
    byIds: async (ctx, ids) => records(await rows(ctx).findMany({ where: { isArchived: false, id: { in: ids } }, select: opts.select })),
  };
}
