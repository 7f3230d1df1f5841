// Shapes shared by the menu, breadcrumb and picker reads and the client
// components that show them. Client-safe: types only. Which entities, menus
// and breadcrumbs exist is the registry's knowledge (lib/entities), not this
// library's: here a menu name, an entity key or a crumb kind is a string.

/** One entity as menus, breadcrumbs and the picker show it: never a whole row. */
export interface MenuItem {
  id: number;
  name: string;
  active: boolean;
}

/** The "menu crumbs" response: one list per menu name (shell.md 2.6). */
export interface MenuList {
  menuName: string;
  menuList: MenuItem[];
}

export interface PickerQuery {
  search?: string;
  /** 1-based. */
  page: number;
  size: number;
}

/** Narrows a picker or breadcrumb list to one parent (campaigns of an advertiser, ...). */
export interface ParentFilter {
  advertiserId?: number;
  campaignId?: number;
}

export interface PickerPage {
  rows: MenuItem[];
  total: number;
}

/** The breadcrumbs of a page (shell.md 2.7): entity key → the entity, the page's entity and its parents. */
export type Crumbs = Partial<Record<string, MenuItem>>;

/** How a model is read for menus, breadcrumbs and the picker (an entity's lookup, lib/contracts/entity.ts). */
export interface LookupSource {
  /** The Prisma model delegate name ("campaign", "strategyTemplate"). */
  model: string;
  nameColumn: "name" | "templateName";
  /** Parent filters that apply ("campaigns of an advertiser"). */
  parents: (keyof ParentFilter)[];
  /** Entities without a status column are shown as active. */
  hasActive: boolean;
  /** Column of the "recent" order of the menus' side lists. */
  recentColumn: "updatedAt" | "createdAt";
  /** Rows that are never listed on their own (A/B test arms), beside archived ones. */
  where?: Record<string, unknown>;
}
