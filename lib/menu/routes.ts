// Which entity a console URL is about, and the details route of an entity
// (shell.md 2.1, business.md 2). Client-safe: the breadcrumb bar parses the
// URL in the browser to know when it has to ask the server again.
import type { CrumbKind, MenuName } from "./types";

const MAX_ID = 2_147_483_647;

/** "12" → 12; anything that cannot be a record id → null. */
export function idFrom(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_ID ? n : null;
}

const SECTION_KIND: Record<string, CrumbKind> = {
  advertiser: "advertiser",
  campaign: "campaign",
  strategy: "strategy",
  creative: "creative",
  creative_set: "creative_set",
  audience: "audience",
};

/** Second path segments followed by the id of the section's entity. */
const ENTITY_PAGES = new Set(["details", "create", "edit", "clone"]);

/** Query parameters that name a parent entity (e.g. /campaign/create?advertiserId=3), most specific first. */
const QUERY_KINDS: [string, CrumbKind][] = [
  ["strategyId", "strategy"],
  ["campaignId", "campaign"],
  ["advertiserId", "advertiser"],
];

export interface CrumbTarget {
  kind: CrumbKind;
  id: number;
}

/**
 * The entity whose breadcrumbs a URL shows: `/strategy/details/5` → strategy 5,
 * `/advertiser/details/3/pixel` and `/advertiser/3/pixel/details/9` → advertiser 3,
 * `/audience/analysis?advertiserId=3` → advertiser 3. Lists and unknown pages → null.
 */
export function parseCrumbPath(path: string): CrumbTarget | null {
  const url = new URL(path, "http://x");
  const [section, second, third] = url.pathname.split("/").filter(Boolean);
  const kind = SECTION_KIND[section ?? ""];
  if (kind) {
    const id = ENTITY_PAGES.has(second ?? "") ? idFrom(third) : null;
    if (id) return { kind, id };
    const advertiserId = kind === "advertiser" ? idFrom(second) : null;
    if (advertiserId) return { kind: "advertiser", id: advertiserId };
  }
  for (const [param, queryKind] of QUERY_KINDS) {
    const id = idFrom(url.searchParams.get(param));
    if (id) return { kind: queryKind, id };
  }
  return null;
}

export function crumbKey(target: CrumbTarget | null): string {
  return target ? `${target.kind}:${target.id}` : "";
}

export function detailsHref(kind: CrumbKind, id: number): string {
  return `/${kind}/details/${id}`;
}

/** Details route of an item of a menu list. */
export function menuItemHref(menu: MenuName, id: number): string {
  switch (menu) {
    case "strategy_template":
      return `/strategy/templates-details/${id}`;
    case "creative_sets":
      return `/creative_set/details/${id}`;
    case "app_audience":
    case "lal_audience":
      return `/audience/details/${id}`;
    default:
      return detailsHref(menu, id);
  }
}
