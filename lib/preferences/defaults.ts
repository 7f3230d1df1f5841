// Constants of the account preferences (shell.md 2.12, 3, 9). Free of server
// imports: the preference form and the server share them.

/** shell.md 9: default row limit 20. */
export const DEFAULT_ROW_LIMIT = 20;
/** shell.md 3 / 9: default timezone id 805 = UTC. */
export const DEFAULT_TIMEZONE_ID = 805;
/** The system preset used when the user has none selected (seeded by lib/seed/dictionaries.ts). */
export const DEFAULT_PRESET_NAME = "Default";
/**
 * The row limits offered in the form ("gridNoOfRows", allowed row limits of
 * the preference entity, shell.md 3). The spec does not list them; these are
 * the page-size steps used elsewhere in the console.
 */
export const ROW_LIMITS = [10, 20, 50, 100, 200, 500] as const;

/**
 * Used only when the database has no "Default" system preset (an empty or
 * partly seeded database): the same columns as the seeded "Default" preset.
 */
export const FALLBACK_PRESET = {
  id: 0,
  name: DEFAULT_PRESET_NAME,
  rowLimit: DEFAULT_ROW_LIMIT,
  columns: ["impressions", "clicks", "ctr", "installs", "conversions", "revenue", "cost", "margin", "ecpm", "ecpi"],
  timezoneId: DEFAULT_TIMEZONE_ID,
} as const;
