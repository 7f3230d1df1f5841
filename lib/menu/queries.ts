// Reads behind the navigation menu (recent items, name search), the breadcrumb
// dropdowns and the entity picker (shell.md 2.6-2.8). Names come back whole:
// cutting them to 43 or 33 characters is the presentation's job.
import type { SessionContext } from "../auth/context";
import { CRUMB_LIST_LIMIT, MENU_LIST_LIMIT } from "./constants";
import { findItems, MENU_SOURCES } from "./sources";
import type {
  MenuItem,
  MenuList,
  MenuName,
  ParentFilter,
  PickerEntity,
  PickerPage,
  PickerQuery,
  SwitchableCrumb,
} from "./types";

/** The most recently changed items of one menu (its side list). */
export async function recentMenuItems(ctx: SessionContext, menu: MenuName, limit = MENU_LIST_LIMIT): Promise<MenuItem[]> {
  const { source, where } = MENU_SOURCES[menu];
  return (await findItems(ctx, source, { where, order: "recent", take: limit })).rows;
}

/** "Menu crumbs": the side lists of the given menus, in the order asked. */
export async function loadMenus(ctx: SessionContext, menus: readonly MenuName[]): Promise<MenuList[]> {
  const unique = [...new Set(menus)];
  return Promise.all(unique.map(async (menuName) => ({ menuName, menuList: await recentMenuItems(ctx, menuName) })));
}

/** Menu search by name within the licensee; an empty text gives the recent items. */
export async function searchMenu(
  ctx: SessionContext,
  menu: MenuName,
  text: string,
  limit = MENU_LIST_LIMIT,
): Promise<MenuItem[]> {
  if (!text.trim()) return recentMenuItems(ctx, menu, limit);
  const { source, where } = MENU_SOURCES[menu];
  return (await findItems(ctx, source, { where, search: text, order: "name", take: limit })).rows;
}

/**
 * A breadcrumb dropdown's list: at most 10 entities by name, campaigns of the
 * crumb's advertiser, strategies of its campaign.
 */
export async function searchCrumb(
  ctx: SessionContext,
  kind: SwitchableCrumb,
  text: string,
  parents: ParentFilter = {},
): Promise<MenuItem[]> {
  const scoped: ParentFilter =
    kind === "campaign" ? { advertiserId: parents.advertiserId } : kind === "strategy" ? { campaignId: parents.campaignId } : {};
  return (await findItems(ctx, kind, { search: text, parents: scoped, order: "name", take: CRUMB_LIST_LIMIT })).rows;
}

/** One page of the picker dialog's table; a numeric search also finds the id. */
export async function searchPicker(
  ctx: SessionContext,
  entity: PickerEntity,
  query: PickerQuery,
  parents: ParentFilter = {},
): Promise<PickerPage> {
  return findItems(ctx, entity, {
    search: query.search,
    searchById: true,
    parents,
    order: "name",
    take: query.size,
    skip: (query.page - 1) * query.size,
    withTotal: true,
  });
}
