// What a bulk edit does to one strategy, as pure functions over the wizard's
// values (../queries.ts strategyFormValues): APPEND adds the items a list
// lacks (keeping its order, then the new ones in the order given), REMOVE
// drops the given items, REPLACE and CHANGE set the list; a scalar REPLACE
// sets the value. The result then goes through the one strategy schema
// (../form.ts) with the strategy's own campaign context, so every rule of
// the wizard applies to it. Pure: client-safe.
import { BULK_FIELD_BY_KEY, DAY_PARTED_PACING, type BulkAction, type BulkField, type BulkListField } from "./sections";

export type BulkItem = number | string;
export interface FrequencyCapValue {
  frequency: number;
  interval: number;
}
export type BulkScalar = string | number | FrequencyCapValue;

/** One field's change: `items` for list fields, `value` for scalar ones. */
export interface BulkFieldChange {
  field: string;
  action: BulkAction;
  items?: BulkItem[];
  value?: BulkScalar | null;
}
export interface BulkEdit {
  changes: BulkFieldChange[];
}

/** A list after an action. An audience REMOVE without items empties the list (the block's "remove"). */
export function mergeList<T extends BulkItem>(current: readonly T[], action: BulkAction, items: readonly T[]): T[] {
  switch (action) {
    case "APPEND": {
      const seen = new Set<T>(current);
      const out = [...current];
      for (const item of items) {
        if (!seen.has(item)) {
          seen.add(item);
          out.push(item);
        }
      }
      return out;
    }
    case "REMOVE": {
      const drop = new Set<T>(items);
      return current.filter((item) => !drop.has(item));
    }
    case "REPLACE":
    case "CHANGE":
      return [...new Set(items)];
    default:
      return [...current];
  }
}

/**
 * business.md 4: "pacing type 11 with no change is sent as replace": a day
 * parted pacing type chosen on the form is applied even when its action was
 * left at NO_CHANGE. Changes left at NO_CHANGE are otherwise dropped.
 */
export function normalizeBulkEdit(edit: BulkEdit): BulkEdit {
  const changes = edit.changes
    .map((c) => (c.field === "pacingTypeId" && c.action === "NO_CHANGE" && c.value === DAY_PARTED_PACING ? { ...c, action: "REPLACE" as const } : c))
    .filter((c) => c.action !== "NO_CHANGE");
  return { changes };
}

type Values = Record<string, unknown>;

function listAt(values: Values, field: BulkListField): BulkItem[] {
  let node: unknown = values[field.path[0]] ?? field.empty();
  for (const key of field.path.slice(1)) node = (node as Values | undefined)?.[key];
  return Array.isArray(node) ? (node as BulkItem[]) : [];
}

function withList(values: Values, field: BulkListField, list: BulkItem[]): Values {
  const [top, ...rest] = field.path;
  if (rest.length === 0) return { ...values, [top]: list };
  const root = structuredClone((values[top] ?? field.empty()) as Values);
  let parent = root;
  for (const key of rest.slice(0, -1)) {
    parent[key] = { ...((parent[key] as Values | undefined) ?? {}) };
    parent = parent[key] as Values;
  }
  parent[rest[rest.length - 1]] = list;
  return { ...values, [top]: root };
}

function applyScalar(values: Values, field: Extract<BulkField, { kind: "scalar" }>, value: BulkScalar | null | undefined): Values {
  if (field.value === "frequencyCap") {
    const cap = value as FrequencyCapValue;
    return { ...values, campaignFcap: false, fcapFrequency: cap.frequency, fcapInterval: cap.interval };
  }
  return { ...values, [field.key]: value };
}

/** The values of one strategy after the edit (the input is left as it was). Unknown fields are skipped: the schema refuses them first. */
export function applyBulkEdit(values: Readonly<Values>, edit: BulkEdit): Values {
  let out: Values = { ...values };
  for (const change of normalizeBulkEdit(edit).changes) {
    const field = BULK_FIELD_BY_KEY.get(change.field);
    if (!field) continue;
    if (field.kind === "scalar") {
      out = applyScalar(out, field, change.value);
      continue;
    }
    const items = change.items ?? [];
    const clearAll = field.kind === "audience" && change.action === "REMOVE" && items.length === 0;
    out = withList(out, field, clearAll ? [] : mergeList(listAt(out, field), change.action, items));
  }
  return out;
}
