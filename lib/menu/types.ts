// Shapes shared by the menu, breadcrumb and picker queries and the client
// components that show them. Client-safe: types and constants only.

/** Menu data is loaded per menu name (shell.md 2.6). */
export const MENU_NAMES = [
  "advertiser",
  "campaign",
  "strategy",
  "strategy_template",
  "creative_sets",
  "app_audience",
  "lal_audience",
] as const;
export type MenuName = (typeof MENU_NAMES)[number];

/** One entity as menus, breadcrumbs and the picker show it: never a whole row. */
export interface MenuItem {
  id: number;
  name: string;
  active: boolean;
}

/** The "menu crumbs" response: one list per menu name. */
export interface MenuList {
  menuName: MenuName;
  menuList: MenuItem[];
}

/** Entities the picker dialog (shell.md 2.8) can choose from. */
export const PICKER_ENTITIES = [
  "advertiser",
  "campaign",
  "strategy",
  "strategy_template",
  "pixel",
  "creative_set",
  "audience",
  "click_destination",
] as const;
export type PickerEntity = (typeof PICKER_ENTITIES)[number];

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

/** Entities the breadcrumb bar shows after the licensee, in this order (shell.md 2.7). */
export const CRUMB_KINDS = ["advertiser", "campaign", "strategy", "creative", "creative_set", "audience"] as const;
export type CrumbKind = (typeof CRUMB_KINDS)[number];
export type Crumbs = Partial<Record<CrumbKind, MenuItem>>;

/** Breadcrumbs with a searchable dropdown. */
export const SWITCHABLE_CRUMBS = ["advertiser", "campaign", "strategy"] as const;
export type SwitchableCrumb = (typeof SWITCHABLE_CRUMBS)[number];
