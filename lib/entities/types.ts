// The shape of an entity's one declaration (lib/<entity>/entity.ts) and of
// the part of it client components may see. Lists, menus, breadcrumbs, the
// activity panel, the picker, bulk status changes and the REST API read these
// declarations through lib/entities/registry.ts; nothing else switches on
// entity names.
import type { EntityType } from "../generated/prisma/enums";

/** Every entity of the console. */
export const ENTITY_KEYS = [
  "advertiser",
  "pixel",
  "click_destination",
  "catalog_feed",
  "campaign",
  "strategy",
  "strategy_template",
  "creative_set",
  "creative",
  "audience",
] as const;
export type EntityKey = (typeof ENTITY_KEYS)[number];

export interface EntityLabels {
  /** Lower case, for messages: "campaign" / "campaigns". */
  singular: string;
  plural: string;
  /** As a title: "Campaign" / "Campaigns" ("Select Campaign", list headings). */
  title: string;
  titlePlural: string;
}

/** Route patterns; {id} is the entity's id, {advertiserId} its advertiser's. */
export interface EntityRoutes {
  list?: string;
  create?: string;
  edit?: string;
  details?: string;
}

/** What the browser may know of an entity: serializable, no functions, no database access. */
export interface EntityView {
  key: EntityKey;
  labels: EntityLabels;
  routes: EntityRoutes;
  /** shell.md 8 empty-list text ("No Campaign found."). */
  emptyText?: string;
  /** Details open in a new browser tab (audience, creative set: shell.md 2.6). */
  detailsInNewTab?: boolean;
}

/** How menus, breadcrumb dropdowns and the picker read the entity (id, name, status only). */
export interface EntityLookup {
  /** The Prisma model delegate name ("campaign", "strategyTemplate"). */
  model: string;
  nameColumn: "name" | "templateName";
  /** Parent filters that apply ("campaigns of an advertiser"). */
  parents: ("advertiserId" | "campaignId")[];
  /** Entities without a status column are shown as active. */
  hasActive: boolean;
  /** Column of the "recent" order of the menus' side lists. */
  recentColumn: "updatedAt" | "createdAt";
  /** Rows that are never listed on their own (A/B test arms), beside archived ones. */
  where?: Record<string, unknown>;
  /** Menu names (shell.md 2.6) that list this entity, each narrowed by its own condition. */
  menus?: { name: string; where?: Record<string, unknown> }[];
}

/** The activity log types of an entity, with the module filter label where the spec lists one. */
export interface EntityActivity {
  types: { type: EntityType; label?: string }[];
  /** Activity entries link to the details route (creatives have no link, shell.md 2.10). */
  linked: boolean;
  /** Notifications link to the details route (shell.md 2.11: strategy, campaign, advertiser, creative set). */
  notificationsLinked?: boolean;
}

/** A breadcrumb: the entity and the parents shown before it (shell.md 2.7). */
export interface EntityCrumb {
  /** Relations to the parent crumbs, outermost first ("advertiser", "campaign"). */
  parents: ("advertiser" | "campaign")[];
}

/**
 * One entity's declaration. Parts an entity does not have are left out (a
 * creative has no list of its own yet, a catalog feed no breadcrumb). The
 * server-side parts (list adapter, bulk status, REST resource) are typed by
 * the modules that run them; see lib/entities/registry.ts.
 */
export interface EntityDeclaration<List = unknown, Bulk = unknown, Rest = unknown> extends EntityView {
  lookup?: EntityLookup;
  crumb?: EntityCrumb;
  activity?: EntityActivity;
  /** The list page (lib/list): its adapter and export file name. */
  list?: List;
  /** Bulk activate / deactivate (lib/list/bulk.ts setActiveInBulk). */
  bulkStatus?: Bulk;
  /** The public REST resource (lib/api). */
  rest?: Rest;
}
