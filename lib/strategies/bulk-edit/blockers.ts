// When a bulk edit cannot be made (business.md 4): the creative sets chosen
// belong to different advertisers, differ in placebo, or mix CTV with other
// types; or the strategies belong to different advertisers while a list of
// one advertiser's records (pixels, audiences, creatives, creative sets) is
// edited. Each reason names the field it disables. The form shows them
// before the review; the server refuses the same. Pure: client-safe.
import type { BulkEdit } from "./merge";
import { BULK_FIELD_BY_KEY } from "./sections";

export interface ChosenCreativeSet {
  advertiserId: number;
  isPlacebo: boolean;
  type: string;
}

export interface BulkEditBlocker {
  field: string;
  message: string;
}

export const BLOCKER_MESSAGES = {
  setsAdvertisers: "The selected creative sets belong to different advertisers.",
  setsPlacebo: "The selected creative sets differ in placebo: choose only placebo sets or only regular ones.",
  setsCtvMix: "The selected creative sets mix CTV with other types.",
  strategiesAdvertisers: (label: string) =>
    `The selected strategies belong to different advertisers: ${label} belong to one advertiser and cannot be edited for all of them.`,
} as const;

const distinct = <T>(values: T[]) => new Set(values).size;

export function bulkEditBlockers(edit: BulkEdit, facts: { creativeSets: readonly ChosenCreativeSet[]; strategyAdvertiserIds: readonly number[] }): BulkEditBlocker[] {
  const blockers: BulkEditBlocker[] = [];
  const sets = facts.creativeSets;
  const setsChange = edit.changes.find((c) => c.field === "creativeSets" && c.action !== "NO_CHANGE");
  if (setsChange && sets.length > 1) {
    if (distinct(sets.map((s) => s.advertiserId)) > 1) blockers.push({ field: "creativeSets", message: BLOCKER_MESSAGES.setsAdvertisers });
    if (distinct(sets.map((s) => s.isPlacebo)) > 1) blockers.push({ field: "creativeSets", message: BLOCKER_MESSAGES.setsPlacebo });
    if (distinct(sets.map((s) => s.type === "CTV_VIDEO")) > 1) blockers.push({ field: "creativeSets", message: BLOCKER_MESSAGES.setsCtvMix });
  }
  if (distinct([...facts.strategyAdvertiserIds]) > 1) {
    for (const change of edit.changes) {
      const field = BULK_FIELD_BY_KEY.get(change.field);
      if (field && field.kind !== "scalar" && field.advertiserOwned && change.action !== "NO_CHANGE") {
        blockers.push({ field: field.key, message: BLOCKER_MESSAGES.strategiesAdvertisers(field.label) });
      }
    }
  }
  return blockers;
}
