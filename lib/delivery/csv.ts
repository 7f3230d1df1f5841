// A CSV batch of delivery rows: a header line with the JSON field names, one
// row per line. Empty cells mean "not sent" (0 for a counter). A file that is
// not CSV at all is one clear 400, before any row is looked at.
import { parse } from "csv-parse/sync";
import { validationError } from "../data/action-result";

export const CSV_UNREADABLE = "The CSV could not be read: a header line, then one row per line, comma-separated";

export function readDeliveryCsv(text: string): { rows: unknown[] } {
  try {
    const rows = parse(text.replace(/^\uFEFF/, ""), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
    return { rows };
  } catch {
    throw validationError([], CSV_UNREADABLE);
  }
}
