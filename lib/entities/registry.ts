// Every entity of the console, one line each. Lists, the export route, bulk
// status changes, menus, breadcrumbs, the picker, the activity panel,
// notifications and the REST API find entities here, by key, menu name or
// activity type; none of them switches on entity names. Adding an entity is
// its folder (lib/<entity>/entity.ts) and one line below.
//
// Server only: the declarations carry list adapters and database hooks. The
// browser gets entityCatalog(), the client-safe view.
import "server-only";
import { advertiserEntity } from "../advertisers/entity";
import { audienceEntity } from "../audiences/entity";
import { campaignEntity } from "../campaigns/entity";
import { catalogFeedEntity } from "../catalog/entity";
import { clickDestinationEntity } from "../click-destinations/entity";
import { creativeSetEntity } from "../creative-sets/entity";
import { creativeEntity } from "../creatives/entity";
import { experimentEntity } from "../experiments/entity";
import type { EntityType } from "../generated/prisma/enums";
import { pixelEntity } from "../pixels/entity";
import { reportTemplateEntity } from "../report-templates/entity";
import { strategyEntity } from "../strategies/entity";
import { strategyTemplateEntity } from "../strategy-templates/entity";
import type { ActivityModuleView, EntityCatalog } from "./catalog";
import type { EntityActivityType, EntityDeclaration, EntityKey, EntityMenu, EntityView } from "../contracts/entity";

const ENTITIES: readonly EntityDeclaration[] = [
  advertiserEntity,
  pixelEntity,
  clickDestinationEntity,
  catalogFeedEntity,
  campaignEntity,
  strategyEntity,
  strategyTemplateEntity,
  creativeSetEntity,
  creativeEntity,
  audienceEntity,
  experimentEntity,
  reportTemplateEntity,
];

/** Every registered entity, in registry order. */
export function allEntities(): readonly EntityDeclaration[] {
  return ENTITIES;
}

/** The entity of a key from anywhere (a URL, the browser); undefined when there is none. */
export function findEntity(key: string): EntityDeclaration | undefined {
  return ENTITIES.find((e) => e.key === key);
}

/** The entity of a key the code names; an unknown key is a programming error. */
export function entity(key: EntityKey): EntityDeclaration {
  const found = findEntity(key);
  if (!found) throw new Error(`entity ${key} is not registered`);
  return found;
}

/** The entity an activity log or notification type belongs to, with the type's declaration. */
export function entityOfActivityType(type: EntityType): { entity: EntityDeclaration; type: EntityActivityType } | undefined {
  for (const e of ENTITIES) {
    const declared = e.activity?.types.find((t) => t.type === type);
    if (declared) return { entity: e, type: declared };
  }
  return undefined;
}

/** The entity a menu side list shows, with the menu's declaration. */
export function entityOfMenu(name: string): { entity: EntityDeclaration; menu: EntityMenu } | undefined {
  for (const e of ENTITIES) {
    const menu = e.lookup?.menus?.find((m) => m.name === name);
    if (menu) return { entity: e, menu };
  }
  return undefined;
}

/** The activity panel's module filter (shell.md 2.10), in the spec's order. */
export function activityModules(): ActivityModuleView[] {
  return ENTITIES.flatMap((e) => e.activity?.types ?? [])
    .filter((t): t is EntityActivityType & { module: number; label: string } => t.module !== undefined && t.label !== undefined)
    .sort((a, b) => a.module - b.module)
    .map((t) => ({ value: t.type, label: t.label }));
}

/** What the browser may know of one entity. */
export function viewOfEntity(e: EntityDeclaration): EntityView {
  return {
    key: e.key,
    labels: e.labels,
    routes: e.routes,
    ...(e.emptyText ? { emptyText: e.emptyText } : {}),
    ...(e.detailsInNewTab ? { detailsInNewTab: true } : {}),
    menus: (e.lookup?.menus ?? []).map((m) => ({
      name: m.name,
      label: m.label ?? e.labels.titlePlural,
      list: m.list ?? e.routes.list ?? "",
      emptyText: m.emptyText ?? e.emptyText ?? "No Result Found",
    })),
    ...(e.crumb ? { crumb: e.crumb } : {}),
    pickable: e.lookup !== undefined && e.lookup.picker !== false,
  };
}

let catalog: EntityCatalog | undefined;

/** The client-safe view of every entity (components/entities/entity-catalog.tsx hands it to client components). */
export function entityCatalog(): EntityCatalog {
  catalog ??= { entities: ENTITIES.map(viewOfEntity), activityModules: activityModules() };
  return catalog;
}
