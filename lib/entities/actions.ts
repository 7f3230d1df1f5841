"use server";
// The server actions that serve every entity from the registry, built with
// defineAction (session, role, input schema, transaction, revalidation,
// result shape): bulk activate / deactivate, the menus' side lists and name
// search, the breadcrumbs and their dropdowns, and the entity picker. Names
// and keys from the browser are looked up in the registry; an unknown one is
// "not found".
import { z } from "../validation/z";
import { defineAction, defineReadAction } from "../actions/define-action";
import { IdSchema } from "../actions/fields";
import * as menuSchema from "../menu/schema";
import { LIST_STATUSES } from "../list/url-state";
import { archiveAdvertiser } from "./archive-advertiser";
import { setActiveByFilter, setActiveInBulk } from "./bulk";
import { resolveCrumbsForPath } from "./crumbs";
import { loadMenus, searchCrumb, searchMenu, searchPicker } from "./menus";

/**
 * Activate or deactivate rows of any entity with a bulk status (the lists'
 * bulk bar and row buttons, the details pages): `advertiserId` limits the call
 * to one advertiser's rows (the pixel list). All or nothing (lib/entities/bulk.ts).
 */
export const setActiveInBulkAction = defineAction({
  name: "entities.setActive",
  access: "write",
  input: z.object({
    entity: menuSchema.PickerEntitySchema,
    ids: z.array(z.unknown()),
    active: z.boolean(),
    advertiserId: IdSchema.optional(),
  }),
  // Status shows in lists, menus, breadcrumbs and details pages of every section.
  revalidate: [{ path: "/", type: "layout" }],
  run: ({ ctx, db, input }) => setActiveInBulk({ ctx, db }, input),
});

/**
 * "Select all matching" on a list: activate or deactivate every row its
 * filters match (all pages), found on the server from the filters; `scope` is
 * the parent of a list inside another page. All or nothing (lib/entities/bulk.ts).
 */
export const setActiveByFilterAction = defineAction({
  name: "entities.setActiveByFilter",
  access: "write",
  // Opens its own transaction with a time limit for thousands of rows.
  transaction: false,
  input: z.object({
    entity: menuSchema.PickerEntitySchema,
    filters: z.object({
      q: z.string().trim().max(200),
      status: z.enum(LIST_STATUSES),
      advertiserId: IdSchema.nullable(),
      campaignId: IdSchema.nullable(),
    }),
    scope: z.object({ advertiserId: IdSchema.optional(), campaignId: IdSchema.optional() }).optional(),
    active: z.boolean(),
  }),
  revalidate: [{ path: "/", type: "layout" }],
  run: ({ ctx, db, input }) => setActiveByFilter({ ctx, db }, input),
});

/** Archives an inactive advertiser with every entity declared archivedWithAdvertiser (lib/entities/archive-advertiser.ts). */
export const archiveAdvertiserAction = defineAction({
  name: "advertiser.archive",
  access: "write",
  input: z.object({ id: IdSchema }),
  // The advertiser and its entities leave lists, menus and breadcrumbs of every section.
  revalidate: [{ path: "/", type: "layout" }],
  run: ({ ctx, db, input }) => archiveAdvertiser({ ctx, db }, input.id),
});

/** Side lists (recent items) of the given menus. */
export const loadMenusAction = defineReadAction("menus.load", z.object({ menus: menuSchema.MenuNamesSchema }), ({ ctx, input }) => loadMenus(ctx, input.menus));

/** A menu's name search; an empty text gives its recent items. */
export const searchMenuAction = defineReadAction(
  "menus.search",
  z.object({ menu: menuSchema.MenuNameSchema, text: menuSchema.SearchTextSchema }),
  ({ ctx, input }) => searchMenu(ctx, input.menu, input.text),
);

/** A breadcrumb dropdown's list: siblings of the crumb under its nearest parent. */
export const searchCrumbAction = defineReadAction(
  "crumbs.search",
  z.object({ entity: menuSchema.SwitchableCrumbSchema, text: menuSchema.SearchTextSchema, parents: menuSchema.ParentFilterSchema }),
  ({ ctx, input }) => searchCrumb(ctx, input.entity, input.text, input.parents),
);

/** The breadcrumbs of a console URL. */
export const resolveCrumbsAction = defineReadAction(
  "crumbs.resolve",
  z.object({ path: menuSchema.ConsolePathSchema }),
  ({ ctx, input }) => resolveCrumbsForPath(ctx, input.path),
);

/** One page of the entity picker (components/picker/entity-picker.tsx). */
export const searchPickerAction = defineReadAction(
  "picker.search",
  z.object({ entity: menuSchema.PickerEntitySchema, query: menuSchema.PickerQuerySchema, parents: menuSchema.ParentFilterSchema }),
  ({ ctx, input }) => searchPicker(ctx, input.entity, input.query, input.parents),
);
