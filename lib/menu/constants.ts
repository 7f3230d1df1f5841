// Limits of the menu, breadcrumbs and entity picker (shell.md sections 2.6-2.8
// and 9). Client-safe: no server imports.

/** Pause after the last keystroke before a menu or breadcrumb search is sent. */
export const MENU_SEARCH_DEBOUNCE_MS = 350;
/** Breadcrumb dropdowns list at most this many entities. */
export const CRUMB_LIST_LIMIT = 10;
/** Menu side lists (recent items, search results) list at most this many. */
export const MENU_LIST_LIMIT = 10;
/** Names in breadcrumbs are cut at 33 characters, menu texts at 43. */
export const CRUMB_TEXT_MAX = 33;
export const MENU_TEXT_MAX = 43;
/** Longest search text accepted from the browser. */
export const MAX_SEARCH_LENGTH = 200;

export const PICKER_PAGE_SIZES = [5, 10, 20, 50, 100, 200, 300, 400, 500, 1000] as const;
export const PICKER_DEFAULT_PAGE_SIZE = 5;

/** Cuts a display text at `max` characters and marks the cut with an ellipsis. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text); // code points, so an emoji is never split in half
  return chars.length > max ? chars.slice(0, max).join("") + "..." : text;
}

/** The parents a picker or breadcrumb list can be narrowed to (ParentFilter's keys: columns of the listed models). */
export const PARENT_FILTER_KEYS = ["advertiserId", "campaignId"] as const;

export function isParentFilterKey(key: string | undefined): key is (typeof PARENT_FILTER_KEYS)[number] {
  return (PARENT_FILTER_KEYS as readonly (string | undefined)[]).includes(key);
}
