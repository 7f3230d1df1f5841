// Validation of what the browser sends to the menu, breadcrumb and picker
// actions: names (menu names and entity keys, looked up in the registry by
// the actions), bounded texts and ids, page sizes of the picker.
import { z } from "../validation/z";
import { MAX_SEARCH_LENGTH, PICKER_PAGE_SIZES } from "./constants";

const RecordId = z.number().int().positive().max(2_147_483_647);

/** A menu name or an entity key: lower-case words joined by "_" ("lal_audience"). */
const NameSchema = z.string().max(64).regex(/^[a-z][a-z_]*$/, "Unknown name");

export const MenuNameSchema = NameSchema;
export const MenuNamesSchema = z.array(MenuNameSchema).max(64);
export const PickerEntitySchema = NameSchema;
export const SwitchableCrumbSchema = NameSchema;

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
