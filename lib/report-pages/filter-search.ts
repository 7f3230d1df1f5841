// The server side of the report filters' value pickers: search an
// entity dimension by name (or id), and name the ids a URL's filters hold.
// Licensee entities are read through the registry's lookups (lib/menu/
// sources.ts: the tenant-scoped client), aggregators, sites and apps are
// reference data shared by all licensees. Only value, name and a detail line
// leave the server, never rows.
import "server-only";
import type { SessionContext } from "../auth/context";
import { referenceDb } from "../data/tenant-db";
import { entity } from "../entities/registry";
import type { EntityKey } from "../contracts/entity";
import { findItems } from "../menu/sources";
import { searchGeo } from "../strategies/geo";
import { filterValueProblem, type DimensionId, type EntityDimension } from "../reports/dimensions";
import { isEntityDimension, unknownFilterLabel, type FilterLabels, type FilterOption } from "../reports/filter-values";
import { appLabel, labelKeys, siteLabel } from "../reports/labels";

/** Results per search: the list narrows as the user types, it is not paged. */
export const FILTER_SEARCH_LIMIT = 20;

const REGISTRY_KEYS: Record<Exclude<EntityDimension, "aggregator" | "inventory">, EntityKey> = {
  advertiser: "advertiser",
  campaign: "campaign",
  strategy: "strategy",
  creativeSet: "creative_set",
  creative: "creative",
};

const idDetail = (id: number | string, active = true) => `ID ${id}${active ? "" : " · Inactive"}`;
const byName = { orderBy: [{ name: "asc" as const }, { id: "asc" as const }], take: FILTER_SEARCH_LIMIT };

/** A name containing the text, or (all digits) the id itself. */
function nameOrId(text: string, more: Array<Record<string, unknown>> = []) {
  if (!text) return {};
  const asId = /^\d{1,9}$/.test(text) ? [{ id: Number(text) }] : [];
  return { OR: [{ name: { contains: text, mode: "insensitive" as const } }, ...more, ...asId] };
}

/** Sites and apps whose name, domain or package holds the text ("app:3" and "site:3" find that one). */
async function searchInventory(text: string): Promise<FilterOption[]> {
  const typed = /^(app|site):(\d{1,9})$/.exec(text);
  const appWhere = typed ? (typed[1] === "app" ? { id: Number(typed[2]) } : { id: -1 }) : nameOrId(text, [{ packageName: { contains: text, mode: "insensitive" } }]);
  const siteWhere = typed ? (typed[1] === "site" ? { id: Number(typed[2]) } : { id: -1 }) : nameOrId(text, [{ domain: { contains: text, mode: "insensitive" } }]);
  const [apps, sites] = await Promise.all([
    referenceDb().inventoryApp.findMany({ where: appWhere, select: { id: true, name: true, packageName: true }, ...byName }),
    referenceDb().inventorySite.findMany({ where: siteWhere, select: { id: true, name: true, domain: true }, ...byName }),
  ]);
  return [
    ...apps.map((a) => ({ value: `app:${a.id}`, label: appLabel(a), detail: `App · ${idDetail(a.id)}` })),
    ...sites.map((s) => ({ value: `site:${s.id}`, label: siteLabel(s), detail: `Site · ${idDetail(s.id)}` })),
  ]
    .sort((a, b) => a.label.localeCompare(b.label))
    .slice(0, FILTER_SEARCH_LIMIT);
}

/**
 * The values of an entity dimension whose name holds `text` (a number also
 * finds its id), by name; blank: the first by name. Archived entities too:
 * a report over past days still counts their delivery.
 */
export async function searchFilterValues(ctx: SessionContext, dimension: EntityDimension, text: string): Promise<FilterOption[]> {
  const search = text.trim();
  if (dimension === "inventory") return searchInventory(search);
  if (dimension === "aggregator") {
    const found = await referenceDb().aggregator.findMany({ where: nameOrId(search), select: { id: true, name: true }, ...byName });
    return found.map((a) => ({ value: String(a.id), label: a.name, detail: idDetail(a.id) }));
  }
  const lookup = entity(REGISTRY_KEYS[dimension]).lookup!;
  const { rows } = await findItems(ctx, lookup, { search, searchById: true, includeArchived: true, order: "name", take: FILTER_SEARCH_LIMIT });
  return rows.map((r) => ({ value: String(r.id), label: r.name, detail: idDetail(r.id, r.active) }));
}

/**
 * The names of the entity ids in a page's filters (as the URL gave them, so
 * possibly malformed): another licensee's id, or one that no longer exists,
 * is "unknown #id", never its name. Malformed values are left to the
 * schema's message beside the field.
 */
export async function filterValueLabels(ctx: SessionContext, filters: unknown): Promise<FilterLabels> {
  const wanted = new Map<DimensionId, Set<string>>();
  for (const f of Array.isArray(filters) ? filters : []) {
    const { dimension, values } = (f ?? {}) as { dimension?: unknown; values?: unknown };
    if (typeof dimension !== "string" || !isEntityDimension(dimension) || !Array.isArray(values)) continue;
    const valid = values.filter((v): v is string => typeof v === "string" && filterValueProblem(dimension, v) === null);
    if (valid.length) wanted.set(dimension, new Set([...(wanted.get(dimension) ?? []), ...valid]));
  }
  const names = await labelKeys(ctx, wanted);
  const out: FilterLabels = {};
  for (const [dimension, values] of wanted) {
    out[dimension] = Object.fromEntries([...values].map((v) => [v, names.get(dimension)?.get(v) ?? unknownFilterLabel(v)]));
  }
  return out;
}

/** The countries of the geo dataset (as delivery names them: ISO alpha-2), for the country filter. */
export function countryFilterOptions(): FilterOption[] {
  return searchGeo({ level: "country", limit: 1000 }).map((c) => ({ value: c.id, label: c.name, detail: c.id }));
}
