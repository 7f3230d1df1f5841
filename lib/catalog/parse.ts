// Turns a feed file into products and variables, with the line counts the feed
// list shows (business.md 3: total/parsed/error lines, items imported/total).
//
// Counting rules:
// - CSV/TSV: a line is a record after the header row, as csv-parse reads it
//   (a quoted value may span physical lines; blank lines are not records). A
//   record with a wrong number of fields or broken quoting is an error line;
//   errors are counted once per physical line csv-parse reports them on (one
//   record may raise several). An unclosed quote swallows the rest of the file
//   into one broken record: one error line.
// - XML: a line is a product element (see parse-xml.ts).
// - Any format: a line that was read but has no value for the id variable is
//   an error line too (a product without an id cannot be imported).
// parsedLines = totalLines - errorLines. Lines repeating an id already seen
// are parsed lines but import nothing: items are unique by id.
import { parse as parseCsv } from "csv-parse/sync";
import { parseXmlRecords } from "./parse-xml";
import { FeedFormatError, type FeedRecords, type RecordData } from "./records";
import type { FeedFormatName } from "./schema";
import { SNIFF_BYTES, sniffTextFormat } from "./sniff";
import { inflateFeedEntry, zipLimits, type ZipLimits } from "./unzip";
import { guessStandardVariable } from "./variables";

export { FeedFormatError };

export interface ParsedVariable {
  name: string;
  variablePath: string;
  /** Up to three distinct example values. */
  samples: string[];
}

export type TextFormat = Exclude<FeedFormatName, "ZIP">;

export interface ParsedFeed {
  /** The format that was parsed (for a ZIP, the format of the file inside). */
  format: TextFormat;
  totalLines: number;
  parsedLines: number;
  errorLines: number;
  /** Unique by externalId, first occurrence wins. */
  items: { externalId: string; data: RecordData }[];
  variables: ParsedVariable[];
  /** The variable the ids were taken from (null: none found, lines are numbered). */
  idVariable: string | null;
  /** What went wrong, if anything, in words. */
  messages: string[];
}

const SAMPLE_COUNT = 3;
const SAMPLE_LENGTH = 200;

export interface ParseOptions {
  /** Variables the user mapped to `id`, tried before the guess from names. */
  idVariables?: string[];
}

/** Reads (a ZIP: streams out its feed file, see unzip.ts) and parses a feed. */
export async function parseFeed(
  bytes: Uint8Array,
  format: FeedFormatName,
  options: ParseOptions = {},
  limits: ZipLimits = zipLimits(),
): Promise<ParsedFeed> {
  const feed = await readFeedText(bytes, format, limits);
  return parseFeedText(feed.text, feed.format, options);
}

export function parseFeedText(text: string, format: TextFormat, options: ParseOptions = {}): ParsedFeed {
  const read = format === "XML" ? parseXmlRecords(text) : parseDelimited(text, format === "TSV" ? "\t" : ",");
  return assemble(format, read, options);
}

/**
 * The feed as text. A ZIP's feed file is decoded piece by piece as it is
 * inflated, so its bytes are never held whole beside the text; its format is
 * decided by its first 64 KB, and a file that is no feed stops the inflation there.
 */
export async function readFeedText(bytes: Uint8Array, format: FeedFormatName, limits: ZipLimits): Promise<{ text: string; format: TextFormat }> {
  if (format !== "ZIP") return { text: new TextDecoder("utf-8").decode(bytes), format };
  const decoder = new TextDecoder("utf-8");
  const parts: string[] = [];
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let textFormat: TextFormat | null = null;
  /** Sniffs the buffered head once enough of it is there, then decodes it. */
  const flushHead = (entry: string): Error | void => {
    const joined = Buffer.concat(head);
    head = [];
    textFormat = sniffTextFormat(joined);
    if (!textFormat) return new FeedFormatError(`The file ${entry} in the ZIP archive is not a CSV, TSV or XML file`);
    parts.push(decoder.decode(joined, { stream: true }));
  };
  const entry = await inflateFeedEntry(bytes, limits, (chunk, name) => {
    if (textFormat) return void parts.push(decoder.decode(chunk, { stream: true }));
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes >= SNIFF_BYTES) return flushHead(name);
  });
  if (!textFormat) {
    const refused = flushHead(entry);
    if (refused) throw refused;
  }
  parts.push(decoder.decode());
  return { text: parts.join(""), format: textFormat! };
}

function parseDelimited(text: string, delimiter: string): FeedRecords {
  const errorLines = new Set<number>();
  const rows = parseCsv(text, {
    delimiter,
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    // Tab-separated feeds rarely quote; a stray quote in a value is text.
    relax_quotes: delimiter === "\t",
    on_skip: (err) => {
      errorLines.add(typeof err?.lines === "number" ? err.lines : -errorLines.size - 1);
      return undefined;
    },
  }) as string[][];
  const skipped = errorLines.size;
  if (rows.length === 0) {
    return { totalLines: skipped, structuralErrors: skipped, records: [], pathOf: (n) => n, errors: ["The file has no header row"] };
  }
  const columns = headerNames(rows[0]);
  const records = rows.slice(1).map((row) => {
    const record: RecordData = {};
    row.forEach((value, i) => {
      const v = value.trim();
      if (v !== "") record[columns[i]] = v;
    });
    return record;
  });
  const position = new Map(columns.map((c, i) => [c, i + 1]));
  return {
    totalLines: records.length + skipped,
    structuralErrors: skipped,
    records,
    columns,
    pathOf: (name) => `column ${position.get(name) ?? "?"}`,
    errors: skipped ? [`${skipped} line(s) have a wrong number of fields or broken quoting`] : [],
  };
}

/** Header cells as variable names: trimmed, blanks named by position, repeats numbered. */
function headerNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell, i) => {
    const base = cell.trim() || `column_${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}_${n}`;
  });
}

function assemble(format: TextFormat, read: FeedRecords, options: ParseOptions): ParsedFeed {
  const names = variableNames(read);
  const idVariable =
    (options.idVariables ?? []).find((n) => names.includes(n)) ??
    names.find((n) => guessStandardVariable(n) === "id") ??
    null;

  const items: ParsedFeed["items"] = [];
  const seen = new Set<string>();
  let missingId = 0;
  read.records.forEach((data, i) => {
    const externalId = idVariable ? data[idVariable] : String(i + 1);
    if (!externalId) {
      missingId += 1;
      return;
    }
    if (seen.has(externalId)) return;
    seen.add(externalId);
    items.push({ externalId, data });
  });

  const errorLines = read.structuralErrors + missingId;
  const messages = [...read.errors];
  if (missingId) messages.push(`${missingId} line(s) have no value for the id variable "${idVariable}"`);
  if (!idVariable && read.records.length) messages.push("No id variable was found; products are numbered by line");
  const duplicates = read.records.length - missingId - items.length;
  if (duplicates) messages.push(`${duplicates} line(s) repeat an id already imported`);

  return {
    format,
    totalLines: read.totalLines,
    parsedLines: read.totalLines - errorLines,
    errorLines,
    items,
    variables: names.map((name) => ({ name, variablePath: read.pathOf(name), samples: samplesOf(read.records, name) })),
    idVariable,
    messages,
  };
}

function variableNames(read: FeedRecords): string[] {
  if (read.columns) return read.columns;
  const names = new Set<string>();
  for (const record of read.records) for (const name of Object.keys(record)) names.add(name);
  return [...names];
}

function samplesOf(records: RecordData[], name: string): string[] {
  const samples = new Set<string>();
  for (const record of records) {
    const value = record[name];
    if (value) samples.add(value.length > SAMPLE_LENGTH ? `${value.slice(0, SAMPLE_LENGTH - 1)}…` : value);
    if (samples.size >= SAMPLE_COUNT) break;
  }
  return [...samples];
}
