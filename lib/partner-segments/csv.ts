// A CSV load of partner segments: a header line naming the row's fields
// (provider, providerSegmentId, name, taxonomyPath, size, cpm, active), one
// segment per line. The body is bounded (LOAD_BODY_LIMIT_BYTES), so it is
// parsed whole; past MAX_LOAD_ROWS lines it is refused.
import "server-only";
import { parse } from "csv-parse/sync";
import { validationError } from "../validation/errors";
import { MAX_LOAD_ROWS, PARTNER_SEGMENT_MESSAGES } from "./schema";

export const SEGMENT_CSV_UNREADABLE = "The CSV could not be read: a header line, then one segment per line, comma-separated";

export function readSegmentCsv(text: string): Record<string, string>[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { bom: true, columns: (header: string[]) => header.map((h) => h.trim()), skip_empty_lines: true, trim: true, to_line: MAX_LOAD_ROWS + 2 });
  } catch {
    throw validationError([], SEGMENT_CSV_UNREADABLE);
  }
  if (rows.length > MAX_LOAD_ROWS) throw validationError(["rows"], PARTNER_SEGMENT_MESSAGES.tooMany);
  return rows;
}
