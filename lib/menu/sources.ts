// The entities that menus, breadcrumb dropdowns and the picker list, and how to
// read them: every read is scoped to the session's licensee by the data gate,
// archived rows are never listed, and only id, name and status leave the server.
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { isId, scope } from "../data/gate-core";
import type { MenuItem, MenuName, ParentFilter, PickerEntity } from "./types";

type Where = Record<string, unknown>;

// The models differ in their Prisma types but share the columns read here
// (id, a name column, licenseeId, isArchived, advertiserId, ...). One
// structural type lets one query builder serve them all; the where clauses
// below only name columns that each model has.
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

interface Source {
  delegate(): Delegate;
  /** Rows of the licensee that may be listed at all. */
  base(ctx: SessionContext): Where;
  /** Parent filters that apply to this entity. */
  parents: (keyof ParentFilter)[];
  nameColumn: "name" | "templateName";
  /** Entities without a status column are shown as active. */
  hasActive: boolean;
  recentColumn: "updatedAt" | "createdAt";
}

const plain = (delegate: () => unknown, parents: (keyof ParentFilter)[] = ["advertiserId"], extra: Where = {}): Source => ({
  delegate: delegate as () => Delegate,
  base: (ctx) => ({ ...scope(ctx), ...extra }),
  parents,
  nameColumn: "name",
  hasActive: true,
  recentColumn: "updatedAt",
});

export type SourceName = PickerEntity | "creative";

export const SOURCES: Record<SourceName, Source> = {
  advertiser: plain(() => db.advertiser, []),
  campaign: plain(() => db.campaign),
  // A/B test arms are managed by their experiment, never picked on their own (shell.md 7).
  strategy: plain(() => db.strategy, ["advertiserId", "campaignId"], { isAbTestStrategy: false }),
  strategy_template: {
    delegate: () => db.strategyTemplate as unknown as Delegate,
    base: (ctx) => scope(ctx),
    parents: [],
    nameColumn: "templateName",
    hasActive: false,
    recentColumn: "createdAt",
  },
  pixel: plain(() => db.pixel),
  creative_set: plain(() => db.creativeSet),
  creative: plain(() => db.creative),
  audience: plain(() => db.audience),
  click_destination: plain(() => db.clickDestination),
};

/** Menu name → the entity it lists, narrowed to one audience source where the menu says so. */
export const MENU_SOURCES: Record<MenuName, { source: SourceName; where?: Where }> = {
  advertiser: { source: "advertiser" },
  campaign: { source: "campaign" },
  strategy: { source: "strategy" },
  strategy_template: { source: "strategy_template" },
  creative_sets: { source: "creative_set" },
  app_audience: { source: "audience", where: { source: "MOBILE" } },
  lal_audience: { source: "audience", where: { source: "LOOK_ALIKE" } },
};

export interface FindOptions {
  /** Case-insensitive part of the name. */
  search?: string;
  /** A numeric search also matches the id (picker). */
  searchById?: boolean;
  parents?: ParentFilter;
  where?: Where;
  order: "name" | "recent";
  take: number;
  skip?: number;
  withTotal?: boolean;
}

export async function findItems(
  ctx: SessionContext,
  name: SourceName,
  opts: FindOptions,
): Promise<{ rows: MenuItem[]; total: number }> {
  const source = SOURCES[name];
  const where: Where = { ...source.base(ctx), ...opts.where, ...parentWhere(source, opts.parents), ...searchWhere(source, opts) };
  const select: Record<string, true> = { id: true, [source.nameColumn]: true, ...(source.hasActive ? { active: true } : {}) };
  // id last keeps pages stable when names or timestamps tie.
  const orderBy: Where[] =
    opts.order === "recent"
      ? [{ [source.recentColumn]: "desc" }, { id: "desc" }]
      : [{ [source.nameColumn]: "asc" }, { id: "asc" }];
  const delegate = source.delegate();
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

function parentWhere(source: Source, parents: ParentFilter | undefined): Where {
  const where: Where = {};
  for (const key of source.parents) {
    const id = parents?.[key];
    if (id !== undefined) where[key] = isId(id) ? id : -1; // a malformed parent matches nothing
  }
  return where;
}

function searchWhere(source: Source, opts: FindOptions): Where {
  const text = opts.search?.trim();
  if (!text) return {};
  const byName = { [source.nameColumn]: { contains: text, mode: "insensitive" } };
  const asId = Number(text);
  if (opts.searchById && /^\d+$/.test(text) && isId(asId)) return { OR: [byName, { id: asId }] };
  return byName;
}
