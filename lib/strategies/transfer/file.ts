// The export file's two formats, written and read back: CSV through the
// console's CSV writer (lib/list/csv.ts: RFC 4180, formula-looking text
// prefixed with an apostrophe, a byte order mark for spreadsheet programs)
// and csv-parse, XLSX through exceljs. The reader decides the format from the
// content, never from the name: a zip (XLSX is one) or UTF-8 text without
// NUL bytes; anything else is refused. Sizes and rows are capped before and
// while parsing, so a crafted file cannot hold the server for long: an XLSX
// is read as a stream from an archive checked before and while it expands
// (./xlsx.ts), and stops at the row limit.
import ExcelJS from "exceljs";
import { parse as parseCsv } from "csv-parse/sync";
import { ZipRefusedError, type ZipLimits, type ZipRefusal } from "../../files/zip-guard";
import { buildCsv, type CsvCell } from "../../list/csv";
import { firstSheetRows } from "./xlsx";

import type { TransferFormat } from "./schema";

export { TRANSFER_FORMATS, type TransferFormat, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, FILE_MESSAGES } from "./schema";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, FILE_MESSAGES, MAX_IMPORT_XLSX_ENTRIES, MAX_IMPORT_XLSX_EXPANDED_MB, MAX_IMPORT_XLSX_RATIO } from "./schema";

export const CONTENT_TYPES: Record<TransferFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Columns read per row: the strategy's own and every metric of the catalogue fit. */
const MAX_COLUMNS = 200;

export class TransferFileError extends Error {}

/** One line of the file: its row number as a spreadsheet shows it (the header is row 1) and its cells as text. */
export interface FileRow {
  row: number;
  cells: string[];
}

const SHEET_NAME = "Strategies";

/** A CSV (with a BOM, so spreadsheets read UTF-8) or an XLSX of one sheet; also the report downloads' writer (lib/reports/export.ts). */
export async function writeTransferFile(
  format: TransferFormat,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  sheetName: string = SHEET_NAME,
): Promise<Uint8Array> {
  if (format === "csv") return new TextEncoder().encode(`\uFEFF${buildCsv(header, rows)}`);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow([...header]).font = { bold: true };
  // Values go in as typed cells (text stays text, never a formula); empty cells stay empty.
  for (const r of rows) sheet.addRow(r.map((c) => (c === null || c === undefined || c === "" ? null : c)));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** What an XLSX may expand to. */
const XLSX_LIMITS: ZipLimits = {
  maxEntries: MAX_IMPORT_XLSX_ENTRIES,
  maxBytes: MAX_IMPORT_XLSX_EXPANDED_MB * 1024 * 1024,
  maxRatio: MAX_IMPORT_XLSX_RATIO,
};

/** The file's rows (blank ones left out), the header first. */
export async function readTransferFile(bytes: Uint8Array): Promise<FileRow[]> {
  if (bytes.length === 0) throw new TransferFileError(FILE_MESSAGES.empty);
  if (bytes.length > MAX_IMPORT_BYTES) throw new TransferFileError(FILE_MESSAGES.tooLarge);
  const rows = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const filled = rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
  if (filled.length === 0) throw new TransferFileError(FILE_MESSAGES.empty);
  if (filled.length - 1 > MAX_IMPORT_ROWS) throw new TransferFileError(FILE_MESSAGES.tooManyRows);
  return filled;
}

function readCsv(bytes: Uint8Array): FileRow[] {
  if (bytes.includes(0)) throw new TransferFileError(FILE_MESSAGES.unreadable);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TransferFileError(FILE_MESSAGES.unreadable);
  }
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, relax_column_count: true, relax_quotes: true, to_line: MAX_IMPORT_ROWS + 10 }) as string[][];
  } catch {
    throw new TransferFileError(FILE_MESSAGES.unreadable);
  }
  return records.map((cells, i) => ({ row: i + 1, cells: cells.slice(0, MAX_COLUMNS) }));
}

/** The message for an archive the guard refused, by the reason. */
const REFUSAL_MESSAGES: Record<ZipRefusal["kind"], string> = {
  entries: FILE_MESSAGES.tooManyEntries,
  size: FILE_MESSAGES.expandsTooMuch,
  ratio: FILE_MESSAGES.compressedTooMuch,
  misdeclared: FILE_MESSAGES.damaged,
  unreadable: FILE_MESSAGES.unreadable,
};

/** The first sheet's filled rows; stops reading (and inflating) at the first row past the limit. */
async function readXlsx(bytes: Uint8Array): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  try {
    for await (const row of firstSheetRows(bytes, XLSX_LIMITS)) {
      const cells: string[] = [];
      const last = Math.min(row.cellCount, MAX_COLUMNS);
      for (let i = 1; i <= last; i++) cells.push(cellText(row.getCell(i)));
      if (!cells.some((c) => c.trim() !== "")) continue; // blank rows are left out: never kept, never counted
      if (rows.length - 1 >= MAX_IMPORT_ROWS) throw new TransferFileError(FILE_MESSAGES.tooManyRows);
      rows.push({ row: row.number, cells });
    }
  } catch (e) {
    if (e instanceof TransferFileError) throw e;
    throw new TransferFileError(e instanceof ZipRefusedError ? REFUSAL_MESSAGES[e.refusal.kind] : FILE_MESSAGES.unreadable);
  }
  return rows;
}

/** A cell as the text the user sees (a formula's result; a number without float noise). */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return v;
  return cell.text ?? "";
}
