// Validation of what the browser sends to the menu, breadcrumb and picker
// actions: names from fixed lists, bounded texts and ids, page sizes of the picker.
import { z } from "zod";
import { MAX_SEARCH_LENGTH, PICKER_PAGE_SIZES } from "./constants";
import { MENU_NAMES, PICKER_ENTITIES, SWITCHABLE_CRUMBS } from "./types";

const RecordId = z.number().int().positive().max(2_147_483_647);

export const MenuNameSchema = z.enum(MENU_NAMES);
export const MenuNamesSchema = z.array(MenuNameSchema).max(MENU_NAMES.length);
export const PickerEntitySchema = z.enum(PICKER_ENTITIES);
export const SwitchableCrumbSchema = z.enum(SWITCHABLE_CRUMBS);

export const SearchTextSchema = z.string().max(MAX_SEARCH_LENGTH).default("");

export const ParentFilterSchema = z
  .object({ advertiserId: RecordId.optional(), campaignId: RecordId.optional() })
  .strict()
  .default({});

export const PickerQuerySchema = z
  .object({
    search: SearchTextSchema,
    page: z.number().int().min(1).max(1_000_000),
    size: z.number().refine((n) => (PICKER_PAGE_SIZES as readonly number[]).includes(n), "Unsupported page size"),
  })
  .strict();

/** A console path with its query, as the browser shows it. */
export const ConsolePathSchema = z.string().max(2048).startsWith("/");
