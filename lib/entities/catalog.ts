// The client-safe view of the registry: what the browser knows of every
// entity (texts, routes, menus, breadcrumbs, activity modules), and the pure
// look-ups over it. The server builds it from the declarations
// (lib/entities/registry.ts entityCatalog); client components receive it
// through components/entities/entity-catalog.tsx and never import the registry.
import type { EntityType } from "../generated/prisma/enums";
import type { CrumbRoutes } from "../menu/routes";
import { fillRoute, sectionOf } from "../contracts/entity-routes";
import type { EntityView } from "../contracts/entity";

/** An entry of the activity panel's module filter (shell.md 2.10). */
export interface ActivityModuleView {
  value: EntityType;
  label: string;
}

export interface EntityCatalog {
  entities: EntityView[];
  /** The module filter, in the spec's order. */
  activityModules: ActivityModuleView[];
}

/** The entity of a key; an unknown key is a programming error. */
export function viewOf(catalog: EntityCatalog, key: string): EntityView {
  const view = catalog.entities.find((e) => e.key === key);
  if (!view) throw new Error(`unknown entity ${key}`);
  return view;
}

export type MenuView = EntityView["menus"][number];

/** The side list of a menu name and the entity it lists. */
export function menuOf(catalog: EntityCatalog, name: string): { entity: EntityView; menu: MenuView } | undefined {
  for (const entity of catalog.entities) {
    const menu = entity.menus.find((m) => m.name === name);
    if (menu) return { entity, menu };
  }
  return undefined;
}

/** Every menu name, in registry order. */
export function menuNames(catalog: EntityCatalog): string[] {
  return catalog.entities.flatMap((e) => e.menus.map((m) => m.name));
}

/** The details page of an entity's row; null when the entity has none or the route needs a value not given. */
export function detailsHref(view: EntityView, id: number, advertiserId?: number | null): string | null {
  return fillRoute(view.routes.details, { id, advertiserId });
}

/** The details page of an item of a menu side list. */
export function menuItemHref(catalog: EntityCatalog, menu: string, id: number): string | null {
  const found = menuOf(catalog, menu);
  return found ? detailsHref(found.entity, id) : null;
}

/** The entities that have a breadcrumb, outermost first (advertiser before campaign before strategy). */
export function crumbEntities(catalog: EntityCatalog): EntityView[] {
  return catalog.entities.filter((e) => e.crumb).sort((a, b) => a.crumb!.parents.length - b.crumb!.parents.length);
}

/** How URLs name the entities with a breadcrumb (lib/menu/routes.ts parseCrumbPath). */
export function crumbRoutes(catalog: EntityCatalog): CrumbRoutes {
  const crumbed = crumbEntities(catalog);
  const sections: Record<string, string> = {};
  for (const e of crumbed) {
    const section = sectionOf(e.routes.details);
    if (section) sections[section] = e.key;
  }
  // Most specific first: a strategy's page names its campaign too.
  const queryParams = [...crumbed]
    .reverse()
    .filter((e) => e.crumb!.queryParam)
    .map((e): [string, string] => [e.crumb!.queryParam!, e.key]);
  // A route whose second segment is a placeholder such as {advertiserId}
  // ("/advertiser/{advertiserId}/pixel/create") names that parameter's entity.
  const byParam = new Map(queryParams);
  const owners: Record<string, string> = {};
  for (const e of catalog.entities) {
    for (const pattern of Object.values(e.routes)) {
      const [first, second] = pattern.split("?")[0].split("/").filter(Boolean);
      const owner = byParam.get(second?.match(/^\{(\w+)\}$/)?.[1] ?? "");
      if (first && owner) owners[first] = owner;
    }
  }
  return { sections, owners, queryParams };
}
