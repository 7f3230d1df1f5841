// How menus, breadcrumb dropdowns and the picker read an entity, given its
// lookup (lib/entities declares one per entity): every read goes through the
// tenant-scoped client, archived rows are never listed, and only id, name and
// status leave the server.
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import type { LookupSource, MenuItem, ParentFilter } from "./types";

type Where = Record<string, unknown>;

// The models differ in their Prisma types but share the columns read here
// (id, a name column, isArchived, advertiserId, ...). One structural type lets
// one query builder serve them all; the where clauses below only name columns
// that each model has.
interface Delegate {
  findMany(args: {
    where: Where;
    orderBy: Where[];
    take: number;
    skip?: number;
    select: Record<string, true>;
  }): Promise<Record<string, unknown>[]>;
  count(args: { where: Where }): Promise<number>;
}

export interface FindOptions {
  /** Case-insensitive part of the name. */
  search?: string;
  /** A numeric search also matches the id (picker). */
  searchById?: boolean;
  /** Also archived rows: report filters name them, since past delivery still counts them. */
  includeArchived?: boolean;
  parents?: ParentFilter;
  where?: Where;
  order: "name" | "recent";
  take: number;
  skip?: number;
  withTotal?: boolean;
}

export async function findItems(
  ctx: SessionContext,
  source: LookupSource,
  opts: FindOptions,
): Promise<{ rows: MenuItem[]; total: number }> {
  const where: Where = { ...(opts.includeArchived ? {} : { isArchived: false }), ...source.where, ...opts.where, ...parentWhere(source, opts.parents), ...searchWhere(source, opts) };
  const select: Record<string, true> = { id: true, [source.nameColumn]: true, ...(source.hasActive ? { active: true } : {}) };
  // id last keeps pages stable when names or timestamps tie.
  const orderBy: Where[] =
    opts.order === "recent"
      ? [{ [source.recentColumn]: "desc" }, { id: "desc" }]
      : [{ [source.nameColumn]: "asc" }, { id: "asc" }];
  const delegate = (tenantDb(ctx) as unknown as Record<string, Delegate>)[source.model];
  const [found, total] = await Promise.all([
    delegate.findMany({ where, orderBy, take: opts.take, skip: opts.skip, select }),
    opts.withTotal ? delegate.count({ where }) : Promise.resolve(-1),
  ]);
  const rows = found.map((r) => ({
    id: r.id as number,
    name: r[source.nameColumn] as string,
    active: source.hasActive ? (r.active as boolean) : true,
  }));
  return { rows, total: opts.withTotal ? total : rows.length };
}

function parentWhere(source: LookupSource, parents: ParentFilter | undefined): Where {
  const where: Where = {};
  for (const key of source.parents) {
    const id = parents?.[key];
    if (id !== undefined) where[key] = isId(id) ? id : -1; // a malformed parent matches nothing
  }
  return where;
}

function searchWhere(source: LookupSource, opts: FindOptions): Where {
  const text = opts.search?.trim();
  if (!text) return {};
  const byName = { [source.nameColumn]: { contains: text, mode: "insensitive" } };
  const asId = Number(text);
  if (opts.searchById && /^\d+$/.test(text) && isId(asId)) return { OR: [byName, { id: asId }] };
  return byName;
}
