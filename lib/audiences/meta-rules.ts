// The meta rules of audience rules (business.md 7 "meta rules"): the filters a
// rule may test, the operators each filter allows and how its value reads.
// A small static catalogue (the ids the seed's rules use); business.md 9: the
// page-frequency filter is id 17, a rule's duration defaults to 30 days.
// Pure: shared by the schema, the rule builder and the sentence preview.
import type { AudienceSourceValue } from "./labels";

export interface MetaOperator {
  id: number;
  /** As the sentence reads it ("contains"). */
  label: string;
}

export interface MetaFilter {
  id: number;
  /** The stored queryName of a rule on this filter. */
  queryName: string;
  label: string;
  /** "number": whole numbers, at least 1 (business.md 5 "value at least 1", "digits only"). */
  valueType: "text" | "number";
  operatorIds: readonly number[];
  /** The audience sources whose rules may use it. */
  sources: readonly AudienceSourceValue[];
}

export const META_OPERATORS: readonly MetaOperator[] = [
  { id: 1, label: "contains" },
  { id: 2, label: "does not contain" },
  { id: 3, label: "is at least" },
  { id: 4, label: "equals" },
  { id: 5, label: "is at most" },
];

export const PAGE_FREQUENCY_FILTER_ID = 17;

export const META_FILTERS: readonly MetaFilter[] = [
  { id: 1, queryName: "page_url", label: "Page URL", valueType: "text", operatorIds: [1, 2, 4], sources: ["WEBSITE"] },
  { id: 2, queryName: "referrer_url", label: "Referrer URL", valueType: "text", operatorIds: [1, 2, 4], sources: ["WEBSITE"] },
  { id: 5, queryName: "event_name", label: "Event name", valueType: "text", operatorIds: [1, 2, 4], sources: ["WEBSITE", "MOBILE"] },
  { id: 6, queryName: "event_count", label: "Event count", valueType: "number", operatorIds: [3, 4, 5], sources: ["MOBILE"] },
  { id: PAGE_FREQUENCY_FILTER_ID, queryName: "page_frequency", label: "Page frequency", valueType: "number", operatorIds: [3, 4, 5], sources: ["WEBSITE"] },
];

export const DURATION_UNITS = ["DAY", "HOUR"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export const DEFAULT_RULE_DURATION = 30;
export const DEFAULT_DURATION_UNIT: DurationUnit = "DAY";
/** The longest look-back a rule may have. */
export const MAX_RULE_DURATION = { DAY: 180, HOUR: 180 * 24 } as const;

export const metaFilter = (id: number) => META_FILTERS.find((f) => f.id === id);
export const metaOperator = (id: number) => META_OPERATORS.find((o) => o.id === id);

/** The filters a source's rules may use. */
export const filtersOf = (source: AudienceSourceValue | null | undefined) => META_FILTERS.filter((f) => source !== null && source !== undefined && f.sources.includes(source));
