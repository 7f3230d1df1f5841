// A CSV batch of delivery rows: a header line with the JSON field names, one
// row per line. Empty cells mean "not sent" (0 for a counter). Parsed as the
// body streams in, so the server never holds the text of a large batch nor
// stops answering others while it parses; the parse stops at the row limit.
// A file that is not CSV at all is one clear 400, before any row is looked at.
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { validationError } from "../validation/errors";
import { BodyTooLargeError } from "../errors";
import { DELIVERY_MESSAGES, MAX_BATCH_ROWS } from "./schema";

/**
 * A row with every field filled is about 1 KB; a longer "row" is not delivery
 * data, and parsing one of many megabytes as a single field would hold the
 * server for a minute. csv-parse's own trim skips blanks without counting them
 * against this size (64 MB of spaces took 30 s), so cells are trimmed here.
 */
const MAX_RECORD_BYTES = 64 * 1024;

export const CSV_UNREADABLE = "The CSV could not be read: a header line, then one row per line, comma-separated";

const trimmed = (header: string[]) => header.map((name) => name.trim());

/** The rows of a CSV body; 400 past MAX_BATCH_ROWS rows (the rest is not read) or when it is not CSV. */
export async function readDeliveryCsv(body: Readable): Promise<{ rows: Record<string, string>[] }> {
  const parser = body.pipe(parse({ bom: true, columns: trimmed, skip_empty_lines: true, max_record_size: MAX_RECORD_BYTES }));
  // A failed body (over its cap) does not reach the parser through pipe: carry it over.
  body.once("error", (e) => parser.destroy(e));
  const rows: Record<string, string>[] = [];
  let tooMany = false;
  try {
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      if (rows.length === MAX_BATCH_ROWS) {
        tooMany = true;
        break;
      }
      for (const field of Object.keys(row)) row[field] = row[field].trim();
      rows.push(row);
    }
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw e;
    throw validationError([], CSV_UNREADABLE);
  } finally {
    body.destroy();
  }
  if (tooMany) throw validationError(["rows"], DELIVERY_MESSAGES.tooMany);
  return { rows };
}
