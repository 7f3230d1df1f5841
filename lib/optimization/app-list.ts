// The never-block screen's app lists (shell.md 2.13, 5 "App upload", 9):
// what a user pastes or uploads becomes entries split on comma, newline and
// tab, trimmed, empty ones dropped; only CSV files are read.
// Pure: the screen and the server share it.

export const CSV_ONLY_MESSAGE = "Please upload only .csv extension files.";
const CSV_TYPES = ["text/csv", "application/vnd.ms-excel"];

/** shell.md 9: app search starts above 1 character, after 500 ms, over the past 30 days. */
export const APP_SEARCH = { minChars: 2, debounceMs: 500, lookBackDays: 30, limit: 50 } as const;
/** How many names the details row shows before 'and N more'. */
export const NEVER_BLOCK_SHOWN = 3;
/** The most entries one validation takes (a pasted list or a file). */
export const MAX_APP_ENTRIES = 5000;

/** The entries of a pasted or uploaded list, in order, each once. */
export function parseAppList(text: string): string[] {
  const entries = text
    .split(/[,\n\r\t]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return [...new Set(entries)];
}

/** Is the chosen file a CSV? Browsers name it text/csv, or application/vnd.ms-excel where Excel is installed. */
export function isCsvFile(file: { name: string; type: string }): boolean {
  return CSV_TYPES.includes(file.type) || (file.type === "" && file.name.toLowerCase().endsWith(".csv"));
}

/** The validation's summary lines, as shell.md 5 words them. */
export function validationSummary(result: { valid: number; invalid: number }): string[] {
  return [`${result.valid} site(s) added`, `${result.invalid} Invalid site(s)`];
}

/** The details row: the first 3 names, then 'and N more'; 'None' when empty. */
export function neverBlockSummary(names: readonly string[]): string {
  if (names.length === 0) return "None";
  const shown = names.slice(0, NEVER_BLOCK_SHOWN).join(", ");
  return names.length > NEVER_BLOCK_SHOWN ? `${shown} and ${names.length - NEVER_BLOCK_SHOWN} more` : shown;
}
