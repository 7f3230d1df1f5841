// The rules of an audience as one readable sentence (the rule builder's
// preview, the details page): an OR of AND groups, e.g.
//   Users where (Page URL contains "/product" in the last 30 days and Page
//   frequency is at least 2 in the last 30 days) or Event name equals
//   "af_purchase" in the last 7 days
// Pure; unknown ids read as "filter 9" / "operator 9", blanks as "…".
import { metaFilter, metaOperator } from "./meta-rules";

export interface SentenceRule {
  filterId: number | string | null | undefined;
  operatorId: number | string | null | undefined;
  value: string | number | null | undefined;
  duration: number | string | null | undefined;
  durationUnit: string | null | undefined;
}

const UNIT_WORDS: Record<string, [string, string]> = { DAY: ["day", "days"], HOUR: ["hour", "hours"] };

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === "";

function ruleText(r: SentenceRule): string {
  const filter = blank(r.filterId) ? undefined : metaFilter(Number(r.filterId));
  const operator = blank(r.operatorId) ? undefined : metaOperator(Number(r.operatorId));
  const filterText = filter?.label ?? (blank(r.filterId) ? "…" : `filter ${r.filterId}`);
  const operatorText = operator?.label ?? (blank(r.operatorId) ? "…" : `operator ${r.operatorId}`);
  const raw = blank(r.value) ? null : String(r.value).trim();
  const valueText = raw === null ? "…" : filter?.valueType === "number" ? raw : `"${raw}"`;
  const n = blank(r.duration) ? null : Number(r.duration);
  const [one, many] = UNIT_WORDS[r.durationUnit ?? "DAY"] ?? [String(r.durationUnit).toLowerCase(), String(r.durationUnit).toLowerCase()];
  const window = n === null || !Number.isFinite(n) ? "" : ` in the last ${n === 1 ? one : `${n} ${many}`}`;
  return `${filterText} ${operatorText} ${valueText}${window}`;
}

/** The whole expression; no rule at all reads "No rules". */
export function rulesSentence(groups: readonly (readonly SentenceRule[])[]): string {
  const parts = groups.filter((g) => g.length > 0).map((g) => g.map(ruleText).join(" and "));
  if (parts.length === 0) return "No rules";
  const several = parts.length > 1;
  const shown = parts.map((p, i) => (several && groups.filter((g) => g.length > 0)[i].length > 1 ? `(${p})` : p));
  return `Users where ${shown.join(" or ")}`;
}

/** Stored rule rows (same groupIndex = AND) as groups in groupIndex order. */
export function groupRules<R extends { groupIndex: number }>(rows: readonly R[]): R[][] {
  const byGroup = new Map<number, R[]>();
  for (const r of [...rows].sort((a, b) => a.groupIndex - b.groupIndex)) byGroup.set(r.groupIndex, [...(byGroup.get(r.groupIndex) ?? []), r]);
  return [...byGroup.values()];
}
