// The parts of a list query every entity shares: archived rows never listed
// (shell.md 4), the status filter and the name search. Each entity adds its
// parent filters. The licensee is added by the tenant-scoped client every
// adapter queries through (lib/data/tenant-db.ts).
import { isId } from "../data/gate";
import type { ListStatus } from "./url-state";

export interface ListFilters {
  q: string;
  status: ListStatus;
  advertiserId: number | null;
  campaignId: number | null;
}

type NameMatch = { name: { contains: string; mode: "insensitive" } } | { id: number };

export interface CommonWhere {
  isArchived: false;
  active?: boolean;
  OR?: NameMatch[];
}

/**
 * The search text as the inside of a LIKE pattern: the user's %, _ and \
 * are plain characters (Prisma's `contains` does not escape them).
 */
export const likeEscaped = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive name match; a number also matches the id (users paste ids from URLs). */
export function listWhere(f: ListFilters): CommonWhere {
  const where: CommonWhere = { isArchived: false };
  if (f.status !== "all") where.active = f.status === "active";
  if (f.q) {
    const or: NameMatch[] = [{ name: { contains: likeEscaped(f.q), mode: "insensitive" } }];
    const asId = Number(f.q);
    if (/^\d+$/.test(f.q) && isId(asId)) or.push({ id: asId });
    where.OR = or;
  }
  return where;
}

/** A type alias, not an interface: it stays assignable to the plain record a model's where is. */
type AdvertiserWhere = Pick<CommonWhere, keyof CommonWhere> & { advertiserId: number };

/** listWhere for a tab of one advertiser's records (pixels, click destinations, feeds): without an advertiser it matches nothing. */
export function advertiserListWhere(f: ListFilters): AdvertiserWhere {
  return { ...listWhere(f), advertiserId: f.advertiserId ?? -1 };
}

/** ORDER BY a whitelisted field, ties broken by id so pages never overlap or skip rows. */
export function orderByField(field: string, desc: boolean): Array<Record<string, "asc" | "desc">> {
  const dir = desc ? "desc" : "asc";
  return field === "id" ? [{ id: dir }] : [{ [field]: dir }, { id: "asc" }];
}
