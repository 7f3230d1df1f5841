// The shape of an entity's one declaration (lib/<entity>/entity.ts) and of
// the part of it client components may see. Lists, menus, breadcrumbs, the
// activity panel, the picker, bulk status changes and the REST API read these
// declarations through lib/entities/registry.ts; nothing else switches on
// entity names.
//
// Type-only imports of server modules are erased at build time, so client
// components may import this file for EntityKey and EntityView.
import type { EntityRest } from "../rest/operation";
import type { SessionContext } from "../auth/context";
import type { TenantTx } from "../data/tenant-db";
import type { EntityType } from "../generated/prisma/enums";
import type { BaseRecord } from "../list/columns";
import type { SearchParamsInput } from "../list/url-state";
import type { ListAdapter } from "../list/engine";
import type { ListBulkLink } from "../list/types";
import type { LookupSource } from "../menu/types";

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
  "experiment",
  "report_template",
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

/**
 * Route patterns: {id} is the entity's id, {advertiserId} its advertiser's
 * (lib/contracts/entity-routes.ts fillRoute). Every pattern is a route of
 * lib/menu/route-table.ts (a test holds them against it).
 */
export interface EntityRoutes {
  list?: string;
  create?: string;
  edit?: string;
  details?: string;
}

/** A side list of the navigation menu (shell.md 2.6) that shows this entity. */
export interface EntityMenu {
  /** The menu name the browser asks for ("campaign", "creative_sets", "app_audience"). */
  name: string;
  /** 'Recent <label>' and 'See all <label>'; default: the plural title. */
  label?: string;
  /** The 'See all' route; default: the list route. */
  list?: string;
  /** Shown when the list is empty; default: the entity's empty text, else 'No Result Found'. */
  emptyText?: string;
  /** The rows this menu lists (one audience source). Server side only. */
  where?: Record<string, unknown>;
}

/** How menus, breadcrumbs, their dropdowns and the picker read the entity (id, name, status only). */
export interface EntityLookup extends LookupSource {
  /** The menu side lists that show this entity. */
  menus?: EntityMenu[];
  /** false: not offered by the picker (creatives are looked up for breadcrumbs only). */
  picker?: false;
}

/** An activity log type of the entity (shell.md 2.10). */
export interface EntityActivityType {
  type: EntityType;
  /** The label the panel shows, where the spec names one ("Click destination"). */
  label?: string;
  /** Position in the panel's module filter (shell.md 2.10 lists them in its order); none: not a module. */
  module?: number;
}

export interface EntityActivity {
  types: EntityActivityType[];
  /** The route an activity entry opens in a new tab; null: the entry has no link (creatives, shell.md 2.10). */
  link: keyof EntityRoutes | null;
  /** Notifications link to the details route (shell.md 2.11: strategy, campaign, advertiser, creative set). */
  notificationLink?: boolean;
}

/** The breadcrumb of the entity (shell.md 2.7). */
export interface EntityCrumb {
  /**
   * The parent crumbs, outermost first. Each is an entity key that is also the
   * name of the relation to that parent on this entity's model ("advertiser").
   */
  parents: EntityKey[];
  /** The crumb has a dropdown to switch to a sibling (advertiser, campaign, strategy). */
  switchable?: boolean;
  /** A query parameter that names this entity as the page's parent ("/strategy/create?campaignId=6"). */
  queryParam?: string;
}

/** The list page of the entity on the shared list stack (lib/list). */
export interface EntityListDeclaration<R extends BaseRecord = BaseRecord> {
  adapter: ListAdapter<R>;
  /** Base name of the CSV export ("campaigns"). */
  fileName: string;
  /** Rows can be selected for bulk activate / deactivate (the entity needs `bulkStatus`). */
  selectable: boolean;
  /** The Create control of a dashboard list page (its route is routes.create). */
  create?: { label: string; testId: string };
  /** Prefix of the table's test ids ("click-destination" → click-destination-table, click-destination-row); default: the key. */
  testId?: string;
  /** Pages opened for the selected rows from the bulk bar (the strategies' 'Bulk Edit'). */
  bulkLinks?: ListBulkLink[];
  /**
   * The adapter of one request, for a list with filters of its own in the URL
   * beside the engine's (creatives: type, review status, exchange, set), so
   * the CSV export holds exactly the rows the page shows.
   */
  adapterFor?(params: SearchParamsInput): ListAdapter<R>;
}

/** A row of a bulk status change, as setActiveInBulk read it. */
export interface BulkRow {
  id: number;
  name: string;
  active: boolean;
  isArchived: boolean;
  advertiserId: number;
  /** Activating is refused while this parent is inactive ("advertiser", "campaign"); null when none is. */
  inactiveParent: string | null;
  /** Its activity rows' entity type when the declaration's entityTypeBy gives one. */
  entityType?: EntityType;
}

/** Bulk activate / deactivate (lib/entities/bulk.ts setActiveInBulk). */
export interface EntityBulkStatus {
  /** The Prisma model delegate name. */
  model: string;
  /** The activity rows' entity type. */
  entityType: EntityType;
  /** A row's own entity type by the value of one of its columns (an audience's by its source), else entityType. */
  entityTypeBy?: { column: string; types: Record<string, EntityType> };
  /** The column holding the row's advertiser (its activity rows' advertiser): an advertiser's own id. */
  advertiserColumn: "id" | "advertiserId";
  /** Parents (relations with an `active` column) whose inactivity refuses activation, checked in this order. */
  activeParents?: EntityKey[];
  /**
   * The rows belong to an advertiser: a call may be limited to one advertiser's
   * rows (the pixel list), and while the advertiser is archived they are read-only.
   */
  advertiser?: { archivedMessage: string };
  /**
   * Runs in the same transaction after the rows changed, with every row asked
   * for (changed or not): the advertiser's cascade to its campaigns and strategies.
   */
  afterChange?(tx: TenantTx, ctx: SessionContext, rows: BulkRow[], active: boolean): Promise<void>;
}

/**
 * One of an advertiser's "associated entities" (business.md 4), archived with
 * it: its rows have `advertiserId`, `isArchived`, `active` and `version`.
 */
export interface EntityArchivedWithAdvertiser {
  /** The Prisma model delegate name. */
  model: string;
  /** The activity rows' entity type. */
  entityType: EntityType;
  /** A row's own entity type by the value of one of its columns (an audience's by its source), else entityType. */
  entityTypeBy?: { column: string; types: Record<string, EntityType> };
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
  /** The menu side lists of the entity, with their texts resolved. */
  menus: { name: string; label: string; list: string; emptyText: string }[];
  crumb?: EntityCrumb;
  /** The picker (shell.md 2.8) can list this entity. */
  pickable: boolean;
}

/**
 * One entity's declaration. Parts an entity does not have are left out (a
 * creative has no list of its own yet, a catalog feed no breadcrumb).
 */
export interface EntityDeclaration extends Omit<EntityView, "menus" | "pickable"> {
  lookup?: EntityLookup;
  activity?: EntityActivity;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entity's list has its own record type
  list?: EntityListDeclaration<any>;
  bulkStatus?: EntityBulkStatus;
  /** Archived along with its advertiser (lib/entities/archive-advertiser.ts). */
  archivedWithAdvertiser?: EntityArchivedWithAdvertiser;
  /**
   * The public REST API of the entity (lib/rest): its resource (list, get and
   * the writes, each an action definition) and its other operations (lib/rest/operation.ts).
   */
  rest?: EntityRest;
}
