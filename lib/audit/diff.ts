// Field-level differences between two versions of a record, as the activity
// log shows them (Field / Old value / New value). Values are rendered as text.
export interface ChangedField {
  fieldName: string;
  oldValue: string | null;
  newValue: string | null;
}

const IGNORED = new Set(["updatedAt", "createdAt", "version", "licenseeId"]);

export function renderValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    // Prisma.Decimal and similar expose toString(); plain objects become JSON.
    const proto = Object.getPrototypeOf(value);
    if (proto && proto !== Object.prototype && !Array.isArray(value) && typeof (value as object).toString === "function") {
      return String(value);
    }
    return stableStringify(value);
  }
  return String(value);
}

export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  keys?: readonly string[],
): ChangedField[] {
  const names = keys ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: ChangedField[] = [];
  for (const fieldName of names) {
    if (IGNORED.has(fieldName)) continue;
    const oldValue = renderValue(before?.[fieldName]);
    const newValue = renderValue(after?.[fieldName]);
    if (oldValue !== newValue) changes.push({ fieldName, oldValue, newValue });
  }
  return changes;
}

// jsonb does not keep key order, so JSON is compared with keys sorted: a stored
// row and the same values from a form must not look different.
function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
      : v,
  );
}
