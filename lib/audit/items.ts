// Changes of list-valued fields as the activity log shows them: the items
// added and removed, by name, never the whole list as JSON ("Targeted
// countries: Removed: Germany / Added: France, Austria"). Used where a field
// holds a set of things (a strategy's countries, audiences, creatives).
import type { ChangedField } from "./diff";

export const REMOVED_PREFIX = "Removed: ";
export const ADDED_PREFIX = "Added: ";

/**
 * The change of a list field: oldValue names the items removed, newValue the
 * items added (each prefixed, joined by ", "; null when none), in the order of
 * the lists. Null when both lists hold the same items (order and repeats do not count).
 */
export function diffItems(fieldName: string, before: readonly string[] | null | undefined, after: readonly string[] | null | undefined): ChangedField | null {
  const old = new Set(before ?? []);
  const now = new Set(after ?? []);
  const removed = [...old].filter((item) => !now.has(item));
  const added = [...now].filter((item) => !old.has(item));
  if (removed.length === 0 && added.length === 0) return null;
  return {
    fieldName,
    oldValue: removed.length ? REMOVED_PREFIX + removed.join(", ") : null,
    newValue: added.length ? ADDED_PREFIX + added.join(", ") : null,
  };
}
