// A re-imported file's rows (or the REST API's JSON rows) as what each asks
// to change: the strategy id and the version it was exported at, and the
// editable columns present in the file, as text for the strategy schema to
// parse. Problems of the file itself (no id column, a repeated id, a flag
// that is not Yes or No) are reported here per row and column, with the row
// number the spreadsheet shows (the header is row 1). Pure.
import { z } from "../../validation/z";
import { columnOfField, columnOfHeader, KEY_COLUMNS, NO, YES, type EditableField } from "./columns";
import type { FileRow } from "./file";

/** One problem of one row, as the preview table shows it. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

export type RowEdits = Partial<Record<EditableField, string | boolean>>;

export interface ImportRow {
  row: number;
  id: number;
  version: number;
  edits: RowEdits;
}

export const ROW_MESSAGES = {
  missingColumn: (header: string) => `The file has no "${header}" column`,
  noRows: "The file has no strategies",
  id: "Enter the id of a strategy",
  version: "Enter the version the strategy was exported with",
  repeated: (row: number) => `This strategy is already in row ${row}`,
  yesNo: `Enter ${YES} or ${NO}`,
} as const;

const ID = /^\d{1,10}$/;
const FORMULA_GUARD = /^'[=+\-@\t\r]/;

/** A cell as typed: the apostrophe the CSV writer puts before formula-looking text is taken off again. */
export function cellValue(text: string): string {
  return FORMULA_GUARD.test(text) ? text.slice(1) : text;
}

function flag(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (t === "yes" || t === "true" || t === "y" || t === "1") return true;
  if (t === "no" || t === "false" || t === "n" || t === "0") return false;
  return undefined;
}

/** Bid types as the file may spell them: "CPM", "cpm", "Rev Share" (the stored names upper case, underscores for spaces). */
const pricingTypeText = (text: string) => text.trim().toUpperCase().replace(/[\s-]+/g, "_");

function editOf(field: EditableField, raw: string): string | boolean | undefined {
  const text = cellValue(raw);
  if (field === "campaignFcap") return flag(text);
  if (field === "pricingType") return pricingTypeText(text);
  return text.trim();
}

const positiveInt = (text: string) => (ID.test(text.trim()) ? Number(text.trim()) : null);

/** Rows and errors, ids checked for repeats across the whole input. */
function collect(inputs: { row: number; id: string; version: string; edits: [EditableField, string | boolean | null][] }[]) {
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const seen = new Map<number, number>();
  for (const input of inputs) {
    const before = errors.length;
    const id = positiveInt(input.id);
    const version = positiveInt(input.version);
    if (id === null || id === 0) errors.push({ row: input.row, column: KEY_COLUMNS.id.header, message: ROW_MESSAGES.id });
    else if (seen.has(id)) errors.push({ row: input.row, column: KEY_COLUMNS.id.header, message: ROW_MESSAGES.repeated(seen.get(id)!) });
    if (version === null || version === 0) errors.push({ row: input.row, column: KEY_COLUMNS.version.header, message: ROW_MESSAGES.version });
    const edits: RowEdits = {};
    for (const [field, raw] of input.edits) {
      const value = raw === null ? "" : typeof raw === "boolean" ? raw : editOf(field, raw);
      if (value === undefined) errors.push({ row: input.row, column: columnOfField(field).header, message: ROW_MESSAGES.yesNo });
      else edits[field] = value;
    }
    if (id !== null && id !== 0 && !seen.has(id)) seen.set(id, input.row);
    if (errors.length === before) rows.push({ row: input.row, id: id!, version: version!, edits });
  }
  return { rows, errors };
}

/** The rows of a file read by ./file.ts (the header first). */
export function mapFileRows(fileRows: readonly FileRow[]): { rows: ImportRow[]; errors: RowError[] } {
  const [header, ...data] = fileRows;
  const index = new Map<string, number>();
  const editable: [EditableField, number][] = [];
  header?.cells.forEach((text, i) => {
    const column = columnOfHeader(text);
    if (!column || index.has(column.header)) return;
    index.set(column.header, i);
    if (column.field) editable.push([column.field, i]);
  });
  const missing = [KEY_COLUMNS.id.header, KEY_COLUMNS.version.header].filter((h) => !index.has(h));
  if (missing.length > 0) return { rows: [], errors: missing.map((h) => ({ row: header?.row ?? 1, column: h, message: ROW_MESSAGES.missingColumn(h) })) };
  if (data.length === 0) return { rows: [], errors: [{ row: header.row, column: KEY_COLUMNS.id.header, message: ROW_MESSAGES.noRows }] };
  const cell = (r: FileRow, i: number) => r.cells[i] ?? "";
  return collect(
    data.map((r) => ({
      row: r.row,
      id: cell(r, index.get(KEY_COLUMNS.id.header)!),
      version: cell(r, index.get(KEY_COLUMNS.version.header)!),
      edits: editable.map(([field, i]) => [field, cell(r, i)] as [EditableField, string]),
    })),
  );
}

const jsonValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

/** The REST API's JSON rows: the strategy id, its version and any editable field by its strategy-schema name. */
export const ImportJsonRowSchema = z.strictObject({
  id: z.union([z.number(), z.string().max(20)]),
  version: z.union([z.number(), z.string().max(20)]),
  name: jsonValue.optional(),
  pricingType: jsonValue.optional(),
  pricingValue: jsonValue.optional(),
  campaignFcap: jsonValue.optional(),
  fcapFrequency: jsonValue.optional(),
  fcapInterval: jsonValue.optional(),
  lifetimeUserFcap: jsonValue.optional(),
});
export type ImportJsonRow = z.infer<typeof ImportJsonRowSchema>;

/** JSON rows, numbered from 1 in the order given. */
export function mapJsonRows(json: readonly ImportJsonRow[]): { rows: ImportRow[]; errors: RowError[] } {
  return collect(
    json.map((r, i) => ({
      row: i + 1,
      id: String(r.id),
      version: String(r.version),
      edits: (Object.keys(r) as (keyof ImportJsonRow)[])
        .filter((k): k is EditableField => k !== "id" && k !== "version" && r[k] !== undefined)
        .map((k) => [k, typeof r[k] === "number" ? String(r[k]) : (r[k] as string | boolean | null)]),
    })),
  );
}
