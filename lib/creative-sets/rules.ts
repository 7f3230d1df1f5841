// The creative set form's limits, choices and messages (business.md 3
// CREATIVE SET, 4, 8, 9), shared by the schema (./schema.ts), the form, the
// details page and the list. Client-safe: no server imports.
import type { CreativeType } from "../generated/prisma/enums";
import { CREATIVE_TYPE_LABELS, CREATIVE_TYPES } from "../creatives/type-labels";
import { nameMessages } from "../validation/name-messages";
import { SCHEDULE_MESSAGES } from "../validation/schedule-messages";

export { CREATIVE_TYPES };
export type { CreativeType };

export const CREATIVE_SET_NAME = { min: 1, max: 100 } as const;
/** business.md 4: start immediately is -1; an end of -1 (or at or after 7258118399) is never ending. */
export const START_IMMEDIATELY = -1;
export const NEVER_ENDING = -1;
/** A set lists at most this many sizes (the IAB list has about twenty). */
export const MAX_SIZES = 50;
/** "300x250": width x height in pixels, 1 to 9999 each. */
export const SIZE_RE = /^([1-9]\d{0,3})x([1-9]\d{0,3})$/;

/** The type select's options: [value, label] in the dictionary's order. */
export const creativeTypeOptions = () => CREATIVE_TYPES.map((t) => [t, CREATIVE_TYPE_LABELS[t]] as const);

/** Common IAB display and video sizes the sizes picker offers beside the advertiser's creatives' own. */
export const COMMON_SIZES = [
  "300x250", "320x50", "728x90", "160x600", "300x600", "320x480", "480x320", "300x50", "320x100", "336x280",
  "468x60", "970x90", "970x250", "250x250", "200x200", "1200x628", "1080x1080", "1080x1920", "1920x1080", "640x360",
] as const;

/** Sizes in a stable order: by width, then height ("320x50" before "320x480"). */
export function sortSizes(sizes: Iterable<string>): string[] {
  const key = (s: string) => s.split("x").map(Number);
  return [...new Set(sizes)].sort((a, b) => {
    const [aw, ah] = key(a);
    const [bw, bh] = key(b);
    return aw - bw || ah - bh || a.localeCompare(b);
  });
}

export const CREATIVE_SET_MESSAGES = {
  advertiserRequired: "Advertiser is required",
  ...nameMessages(CREATIVE_SET_NAME),
  typeRequired: "Creative set type is required",
  // business.md 5: "name, advertiser, click destination, set type, timezone ... required".
  clickDestinationRequired: "Click destination is required",
  clickDestinationInvalid: "Choose a click destination from the list",
  /** A set stored before the click destination was required: its details and the list say so until an edit chooses one. */
  clickDestinationMissing: "This creative set has no click destination, which every creative set needs: Edit it to choose one.",
  clickDestinationMissingShort: "Needs a click destination",
  noClickDestinations: "No Click Destinations for the selected Advertiser",
  timezoneRequired: "Timezone is required",
  scheduledTimezoneRequired: "Scheduled timezone is required",
  ...SCHEDULE_MESSAGES,
  amountInvalid: "Enter a number, e.g. 1234.56",
  budgetPositive: "Daily media budget must be greater than 0",
  sizeInvalid: "Sizes must be width x height in pixels, e.g. 300x250",
  tooManySizes: `Choose at most ${MAX_SIZES} sizes`,
} as const;

/** Messages of the server's checks against stored rows (same fields, same place in the form). */
export const CREATIVE_SET_CHANGE_MESSAGES = {
  staleVersion: "This creative set was changed by someone else",
  archivedReadOnly: "This creative set is archived and can no longer be changed.",
  advertiserArchived: "This advertiser is archived: its creative sets can no longer be created or changed.",
  clickDestinationOfOtherAdvertiser: "Choose a click destination of this advertiser",
  timezoneUnknown: "Choose a timezone from the list",
} as const;
