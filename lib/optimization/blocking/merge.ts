// The blocking dialog's merge rules (shell.md 4 'Blocking dialog'): what the
// strategy's aggregator or site lists become when items are blocked, and
// which suggestions remain. Pure: the dialog previews with it, the server
// (./optimize.ts) writes with it.
//   - no list ('all') or empty lists: the added ids become the blocked list;
//   - a target list: it is not merged; blocking replaces it (targetList
//     emptied, blockedList = the added ids), after the warning
//     'All tagrgeted elements will be removed.';
//   - a blocked list: the added ids are merged into it (union, stored order
//     first, nothing twice).
import type { TargetingMode } from "./schema";

export interface TargetBlockLists {
  targetList: number[];
  blockedList: number[];
}

/** How a kind is targeted: a non-empty target list wins (the inventory step keeps one of the two filled). */
export function targetingMode(lists: TargetBlockLists | undefined): TargetingMode {
  if (!lists) return "all";
  if (lists.targetList.length > 0) return "target";
  if (lists.blockedList.length > 0) return "blocked";
  return "all";
}

/** True when saving would remove the strategy's targeting (the warning before save). */
export function removesTargeting(lists: TargetBlockLists | undefined, added: readonly number[]): boolean {
  return added.length > 0 && targetingMode(lists) === "target";
}

/** The lists after blocking `added`; the same lists (unchanged) when nothing is added. */
export function mergeBlocked(lists: TargetBlockLists | undefined, added: readonly number[]): TargetBlockLists {
  const current = lists ?? { targetList: [], blockedList: [] };
  if (added.length === 0) return { targetList: [...current.targetList], blockedList: [...current.blockedList] };
  const base = targetingMode(current) === "blocked" ? current.blockedList : [];
  return { targetList: [], blockedList: [...new Set([...base, ...added])] };
}

/** Suggestions minus every item already in the existing targeting (either list). */
export function withoutExisting<T extends { id: number }>(items: readonly T[], lists: TargetBlockLists | undefined): T[] {
  if (!lists) return [...items];
  const known = new Set([...lists.targetList, ...lists.blockedList]);
  return items.filter((item) => !known.has(item.id));
}
