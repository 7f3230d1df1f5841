// CSV of a list (RFC 4180: comma separated, CRLF line ends, fields with a
// comma, quote or line break quoted with inner quotes doubled).
//
// Names and other text come from users, and a spreadsheet treats a cell that
// starts with = + - @ (or a tab / carriage return before one) as a formula: a
// campaign called '=HYPERLINK(...)' would run when the file is opened. Such
// text cells get a leading apostrophe, which spreadsheets show as plain text
// (OWASP "CSV injection"). Numbers are written as numbers: a negative margin
// must stay a number, and a JS number can never carry a formula.
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function escapeCsvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = typeof value === "boolean" ? String(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(escapeCsvCell).join(",");
}

/** Header line, then one line per row; every line ends with CRLF. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => `${csvLine(r)}\r\n`).join("");
}

/** A file name safe in a Content-Disposition header: letters, digits, dot, dash, underscore. */
export function csvFileName(base: string, day: string): string {
  const safe = `${base}-${day}`.replace(/[^A-Za-z0-9._-]+/g, "_");
  return `${safe}.csv`;
}
