"use server";
// Server actions behind the menu, breadcrumbs and entity picker. Each checks
// the session and validates its untrusted arguments; the reads in queries.ts
// and crumbs.ts are scoped to the session's licensee.
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { resolveCrumbsForPath } from "./crumbs";
import { loadMenus, searchCrumb, searchMenu, searchPicker } from "./queries";
import {
  ConsolePathSchema,
  MenuNameSchema,
  MenuNamesSchema,
  ParentFilterSchema,
  PickerEntitySchema,
  PickerQuerySchema,
  SearchTextSchema,
  SwitchableCrumbSchema,
} from "./schema";
import type {
  Crumbs,
  MenuItem,
  MenuList,
  MenuName,
  ParentFilter,
  PickerEntity,
  PickerPage,
  PickerQuery,
  SwitchableCrumb,
} from "./types";

/** Side lists (recent items) of the given menus. */
export async function loadMenusAction(menus: MenuName[]): Promise<ActionResult<MenuList[]>> {
  return runAction("loadMenus", async () => {
    const ctx = await requireSession();
    return loadMenus(ctx, MenuNamesSchema.parse(menus));
  });
}

export async function searchMenuAction(menu: MenuName, text: string): Promise<ActionResult<MenuItem[]>> {
  return runAction("searchMenu", async () => {
    const ctx = await requireSession();
    return searchMenu(ctx, MenuNameSchema.parse(menu), SearchTextSchema.parse(text));
  });
}

export async function searchCrumbAction(
  kind: SwitchableCrumb,
  text: string,
  parents: ParentFilter = {},
): Promise<ActionResult<MenuItem[]>> {
  return runAction("searchCrumb", async () => {
    const ctx = await requireSession();
    return searchCrumb(ctx, SwitchableCrumbSchema.parse(kind), SearchTextSchema.parse(text), ParentFilterSchema.parse(parents));
  });
}

export async function resolveCrumbsAction(path: string): Promise<ActionResult<Crumbs>> {
  return runAction("resolveCrumbs", async () => {
    const ctx = await requireSession();
    return resolveCrumbsForPath(ctx, ConsolePathSchema.parse(path));
  });
}

/** One page of the entity picker (components/picker/entity-picker.tsx). */
export async function searchPickerAction(
  entity: PickerEntity,
  query: PickerQuery,
  parents: ParentFilter = {},
): Promise<ActionResult<PickerPage>> {
  return runAction("searchPicker", async () => {
    const ctx = await requireSession();
    return searchPicker(ctx, PickerEntitySchema.parse(entity), PickerQuerySchema.parse(query), ParentFilterSchema.parse(parents));
  });
}

// One loader per entity, in the shape the picker's `load` prop takes:
// `load={searchPixelPicker}` or `load={(q) => searchPixelPicker(q, { advertiserId })}`.

export async function searchAdvertiserPicker(query: PickerQuery): Promise<ActionResult<PickerPage>> {
  return searchPickerAction("advertiser", query);
}

export async function searchCampaignPicker(query: PickerQuery, parents?: ParentFilter): Promise<ActionResult<PickerPage>> {
  return searchPickerAction("campaign", query, parents);
}

export async function searchStrategyPicker(query: PickerQuery, parents?: ParentFilter): Promise<ActionResult<PickerPage>> {
  return searchPickerAction("strategy", query, parents);
}

export async function searchStrategyTemplatePicker(query: PickerQuery): Promise<ActionResult<PickerPage>> {
  return searchPickerAction("strategy_template", query);
}

export async function searchPixelPicker(query: PickerQuery, parents?: ParentFilter): Promise<ActionResult<PickerPage>> {
  return searchPickerAction("pixel", query, parents);
}

export async function searchCreativeSetPicker(query: PickerQuery, parents?: ParentFilter): Promise<ActionResult<PickerPage>> {
  return searchPickerAction("creative_set", query, parents);
}

export async function searchAudiencePicker(query: PickerQuery, parents?: ParentFilter): Promise<ActionResult<PickerPage>> {
  return searchPickerAction("audience", query, parents);
}

export async function searchClickDestinationPicker(
  query: PickerQuery,
  parents?: ParentFilter,
): Promise<ActionResult<PickerPage>> {
  return searchPickerAction("click_destination", query, parents);
}
