// Reads behind the navigation menu (recent items, name search), the breadcrumb
// dropdowns and the entity picker (shell.md 2.6-2.8), for menu names and
// entity keys from the browser: each is found in the registry (anything else
// is "not found") and read through its lookup (lib/menu/sources.ts). Names
// come back whole: cutting them to 43 or 33 characters is the presentation's job.
import "server-only";
import type { SessionContext } from "../auth/context";
import { NotFoundError } from "../errors";
import { CRUMB_LIST_LIMIT, MENU_LIST_LIMIT } from "../menu/constants";
import { findItems } from "../menu/sources";
import type { MenuItem, MenuList, ParentFilter, PickerPage, PickerQuery } from "../menu/types";
import { entityOfMenu, findEntity } from "./registry";
import type { EntityDeclaration, EntityLookup } from "../contracts/entity";

function menuSource(name: string) {
  const found = entityOfMenu(name);
  if (!found?.entity.lookup) throw new NotFoundError("Menu");
  return { lookup: found.entity.lookup, where: found.menu.where };
}

function lookupOf(key: string, has: (e: EntityDeclaration) => boolean = () => true): EntityLookup {
  const e = findEntity(key);
  if (!e?.lookup || !has(e)) throw new NotFoundError();
  return e.lookup;
}

/** The most recently changed items of one menu (its side list). */
export async function recentMenuItems(ctx: SessionContext, menu: string, limit = MENU_LIST_LIMIT): Promise<MenuItem[]> {
  const { lookup, where } = menuSource(menu);
  return (await findItems(ctx, lookup, { where, order: "recent", take: limit })).rows;
}

/** "Menu crumbs": the side lists of the given menus, in the order asked. */
export async function loadMenus(ctx: SessionContext, menus: readonly string[]): Promise<MenuList[]> {
  const unique = [...new Set(menus)];
  return Promise.all(unique.map(async (menuName) => ({ menuName, menuList: await recentMenuItems(ctx, menuName) })));
}

/** Menu search by name within the licensee; an empty text gives the recent items. */
export async function searchMenu(ctx: SessionContext, menu: string, text: string, limit = MENU_LIST_LIMIT): Promise<MenuItem[]> {
  if (!text.trim()) return recentMenuItems(ctx, menu, limit);
  const { lookup, where } = menuSource(menu);
  return (await findItems(ctx, lookup, { where, search: text, order: "name", take: limit })).rows;
}

/**
 * A breadcrumb dropdown's list: at most 10 entities by name, siblings under
 * the crumb's nearest parent (campaigns of the crumb's advertiser, strategies
 * of its campaign).
 */
export async function searchCrumb(ctx: SessionContext, kind: string, text: string, parents: ParentFilter = {}): Promise<MenuItem[]> {
  const e = findEntity(kind);
  const lookup = lookupOf(kind, (found) => found.crumb?.switchable === true);
  const nearest = e?.crumb?.parents.at(-1);
  const filter = nearest ? (`${nearest}Id` as keyof ParentFilter) : undefined;
  const scoped: ParentFilter = filter ? { [filter]: parents[filter] } : {};
  return (await findItems(ctx, lookup, { search: text, parents: scoped, order: "name", take: CRUMB_LIST_LIMIT })).rows;
}

/** One page of the picker dialog's table; a numeric search also finds the id. */
export async function searchPicker(ctx: SessionContext, entity: string, query: PickerQuery, parents: ParentFilter = {}): Promise<PickerPage> {
  const lookup = lookupOf(entity, (found) => found.lookup?.picker !== false);
  return findItems(ctx, lookup, {
    search: query.search,
    searchById: true,
    parents,
    order: "name",
    take: query.size,
    skip: (query.page - 1) * query.size,
    withTotal: true,
  });
}
