// The activity rows of a strategy change: one field per readable row of
// ./describe.ts that changed, by its label; a list row (countries, audiences,
// creatives, ...) as the items added and removed (lib/audit/items.ts), so a
// targeting change reads "Targeted Countries: Removed: Germany / Added:
// France", never as JSON. Times are ISO text, as every activity row stores them.
import type { ChangedField } from "../audit/diff";
import { diffItems } from "../audit/items";
import type { DescribedRow } from "./describe";

export function strategyChanges(before: readonly DescribedRow[] | null, after: readonly DescribedRow[]): ChangedField[] {
  const old = new Map((before ?? []).map((r) => [r.key, r]));
  const changes: ChangedField[] = [];
  for (const row of after) {
    const prior = old.get(row.key);
    if (row.items !== undefined) {
      const change = diffItems(row.label, prior?.items, row.items);
      if (change) changes.push(change);
    } else {
      const oldValue = prior?.text ?? null;
      const newValue = row.text ?? null;
      if (oldValue !== newValue) changes.push({ fieldName: row.label, oldValue, newValue });
    }
  }
  return changes;
}
