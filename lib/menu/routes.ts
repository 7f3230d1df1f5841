// Which entity a console URL is about (shell.md 2.1, business.md 2), from the
// routes of the entities that have a breadcrumb (lib/entities/catalog.ts
// crumbRoutes). Client-safe: the breadcrumb bar parses the URL in the browser
// to know when it has to ask the server again.
import { MAX_ID } from "../actions/fields";

/** "12" → 12; anything that cannot be a record id → null. */
export function idFrom(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_ID ? n : null;
}

/** How URLs name entities with a breadcrumb. */
export interface CrumbRoutes {
  /** First path segment → the entity whose pages it holds ("strategy" → strategy). */
  sections: Record<string, string>;
  /** First path segment → the entity whose id follows it in some routes ("/advertiser/{advertiserId}/pixel/..."). */
  owners: Record<string, string>;
  /** Query parameters that name a parent entity (/campaign/create?advertiserId=3), most specific first. */
  queryParams: [param: string, entity: string][];
}

/** Second path segments followed by the id of the section's entity. */
const ENTITY_PAGES = new Set(["details", "create", "edit", "clone"]);

export interface CrumbTarget {
  /** The entity key. */
  kind: string;
  id: number;
}

/**
 * The entity whose breadcrumbs a URL shows: `/strategy/details/5` → strategy 5,
 * `/advertiser/details/3/pixel` and `/advertiser/3/pixel/details/9` → advertiser 3,
 * `/audience/analysis?advertiserId=3` → advertiser 3. Lists and unknown pages → null.
 */
export function parseCrumbPath(path: string, routes: CrumbRoutes): CrumbTarget | null {
  const url = new URL(path, "http://x");
  const [section, second, third] = url.pathname.split("/").filter(Boolean);
  const kind = routes.sections[section ?? ""];
  if (kind) {
    const id = ENTITY_PAGES.has(second ?? "") ? idFrom(third) : null;
    if (id) return { kind, id };
  }
  const owner = routes.owners[section ?? ""];
  const ownerId = owner ? idFrom(second) : null;
  if (owner && ownerId) return { kind: owner, id: ownerId }; // /advertiser/3/pixel/details/9
  for (const [param, queryKind] of routes.queryParams) {
    const id = idFrom(url.searchParams.get(param));
    if (id) return { kind: queryKind, id };
  }
  return null;
}

export function crumbKey(target: CrumbTarget | null): string {
  return target ? `${target.kind}:${target.id}` : "";
}
