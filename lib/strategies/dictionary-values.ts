// Targeting values that come from a dictionary (lib/dictionaries): device
// brands and models, CTV content genres and languages, intents and product
// feed categories. A new value must be one of its dictionary's; a value the
// strategy already had when it was loaded stays accepted as it is, so a
// strategy saved before the dictionaries (or whose value left one) can still
// be saved unchanged. Run by the mutations with the other reference checks.
import "server-only";
import type { z } from "../validation/z";
import type { TenantTx } from "../data/tenant-db";
import { dictionaryEntries, type FilterValues } from "../dictionaries/queries";
import { DEVICE_CHOICE_MESSAGE, type DictionaryKind } from "../dictionaries/schema";
import type { StrategyTargeting } from "./schema";

/** What a strategy holds of the dictionaries' values: the targeting and the product feed categories. */
export interface DictionaryValued {
  targeting: StrategyTargeting;
  productFeedTargeting: { categories: string[] } | null;
}

export const DICTIONARY_VALUE_MESSAGES = {
  targetMobileDevices: (what: string, values: string[]) => `${DEVICE_CHOICE_MESSAGE} ${what} from the list: ${values.join(", ")} ${values.length > 1 ? "are" : "is"} not known`,
  ctvTargeting: (what: string, values: string[]) => `Choose content ${what} from the list: ${values.join(", ")} ${values.length > 1 ? "are" : "is"} not known`,
  intent: (values: string[]) => `Choose intents from the list: ${values.join(", ")} ${values.length > 1 ? "are" : "is"} not known`,
  productFeedTargeting: (values: string[]) => `Choose categories of the advertiser's catalog: ${values.join(", ")} ${values.length > 1 ? "are" : "is"} not in its feeds`,
} as const;

interface Check {
  field: string;
  kind: DictionaryKind;
  values: (s: DictionaryValued) => string[] | undefined;
  message: (unknown: string[]) => string;
}

const CHECKS: readonly Check[] = [
  { field: "targetMobileDevices", kind: "device_brand", values: (s) => s.targeting.targetMobileDevices?.brands, message: (v) => DICTIONARY_VALUE_MESSAGES.targetMobileDevices("brands", v) },
  { field: "targetMobileDevices", kind: "device_model", values: (s) => s.targeting.targetMobileDevices?.models, message: (v) => DICTIONARY_VALUE_MESSAGES.targetMobileDevices("models", v) },
  { field: "ctvTargeting", kind: "content_genre", values: (s) => s.targeting.ctvTargeting?.contentGenre, message: (v) => DICTIONARY_VALUE_MESSAGES.ctvTargeting("genres", v) },
  { field: "ctvTargeting", kind: "content_language", values: (s) => s.targeting.ctvTargeting?.contentLanguage, message: (v) => DICTIONARY_VALUE_MESSAGES.ctvTargeting("languages", v) },
  { field: "intent", kind: "intent", values: (s) => s.targeting.intent, message: DICTIONARY_VALUE_MESSAGES.intent },
  { field: "productFeedTargeting", kind: "product_category", values: (s) => s.productFeedTargeting?.categories, message: DICTIONARY_VALUE_MESSAGES.productFeedTargeting },
];

/**
 * Every value of `data` that is neither in its dictionary nor held by `saved`
 * (the stored strategy on edit, null on create), as one issue per field and kind.
 */
export async function dictionaryValueIssues(tx: TenantTx, data: DictionaryValued, saved: DictionaryValued | null, advertiserId: number): Promise<z.core.$ZodIssue[]> {
  const issues: z.core.$ZodIssue[] = [];
  for (const check of CHECKS) {
    const kept = new Set(saved ? (check.values(saved) ?? []) : []);
    const fresh = [...new Set(check.values(data) ?? [])].filter((v) => !kept.has(v));
    if (fresh.length === 0) continue;
    const filters: FilterValues = check.kind === "product_category" ? new Map([["advertiserId", [String(advertiserId)]]]) : new Map();
    const known = new Set((await dictionaryEntries(tx, check.kind, filters)).map((e) => e.value));
    const unknown = fresh.filter((v) => !known.has(v));
    if (unknown.length > 0 && !issues.some((i) => i.path[0] === check.field)) {
      issues.push({ code: "custom", path: [check.field], message: check.message(unknown.slice(0, 5)), input: undefined });
    }
  }
  return issues;
}
