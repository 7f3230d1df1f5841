// Reading pasted or uploaded third-party tags into rows, each checked by the
// row schema (schema.ts) with its own errors, so one bad line does not hide
// the good ones. A tag file is a CSV with the header name,width,height,tag
// (csv-parse: quoted cells may hold commas, quotes and line breaks, as tags do).
import { parse } from "csv-parse/sync";
import { adTagRowSchema, MAX_TAG_ROWS, type AdTagKind, type AdTagRow, type ParsedAdTagRow, type ParsedAdTags } from "./schema";

export const PARSE_MESSAGES = {
  notCsv: (detail: string) => `The file is not a readable CSV: ${detail}`,
  header: "The first line must name the columns: name,width,height,tag",
  empty: "The file has no tags under its header line",
  tooMany: `At most ${MAX_TAG_ROWS} tags at a time`,
} as const;

const COLUMNS = ["name", "width", "height", "tag"] as const;

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** Checks one row's values against the kind's rules. */
export function checkAdTagRow(kind: AdTagKind, values: Record<string, unknown>, line: number): ParsedAdTagRow {
  const shown = { name: text(values.name), width: text(values.width), height: text(values.height), tag: text(values.tag) };
  const result = adTagRowSchema(kind).safeParse(values);
  if (result.success) return { line, values: shown, row: result.data as AdTagRow, errors: {} };
  const errors: ParsedAdTagRow["errors"] = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof AdTagRow;
    errors[field] ??= issue.message;
  }
  return { line, values: shown, row: null, errors };
}

/** A CSV of tags (header name,width,height,tag; any order, any case) into checked rows. */
export function parseAdTagCsv(kind: AdTagKind, csv: string): ParsedAdTags {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ""), { skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    return { rows: [], error: PARSE_MESSAGES.notCsv(err instanceof Error ? err.message.split("\n")[0] : String(err)) };
  }
  const [header, ...body] = records;
  const positions = COLUMNS.map((column) => (header ?? []).findIndex((cell) => cell.trim().toLowerCase() === column));
  if (positions.some((p) => p < 0)) return { rows: [], error: PARSE_MESSAGES.header };
  if (body.length === 0) return { rows: [], error: PARSE_MESSAGES.empty };
  if (body.length > MAX_TAG_ROWS) return { rows: [], error: PARSE_MESSAGES.tooMany };
  const rows = body.map((record, index) => {
    const values = Object.fromEntries(COLUMNS.map((column, i) => [column, record[positions[i]] ?? ""]));
    return checkAdTagRow(kind, values, index + 2);
  });
  return { rows, error: null };
}
