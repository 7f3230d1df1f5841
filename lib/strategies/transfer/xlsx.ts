// The rows of an XLSX's first sheet, read as a stream, from an archive the
// shared guard checks before and while it is inflated (lib/files/zip-guard.ts),
// so that a spreadsheet cannot be a zip bomb.
//
// exceljs alone cannot do this safely: Workbook.xlsx.load inflates every
// entry whole before the first row is seen, and its streaming WorkbookReader
// inflates through unzipper with no limit, copies a sheet that comes before
// the shared strings (exceljs's own files put it there) to a temporary file,
// and decodes each piece of XML on its own, breaking a character split
// between two pieces. So the archive is opened here: its directory is checked
// (entry count, the sum of the declared sizes, their ratio), every entry that
// is not read is inflated under the same budget and dropped (a bomb anywhere
// is refused, whatever its headers claim), then the workbook's parts are
// handed, in the order they are needed (shared strings before the sheet), to
// the parsers of exceljs's streaming reader as text: cells read exactly as
// exceljs reads them (shared and inline strings, rich text, formula results,
// booleans). The sheet is inflated only as far as its rows are asked for:
// the caller stopping at its row limit stops the inflation.
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { checkDeclaredSizes, InflationBudget, inflateEntry, readZipDirectory, type ZipDirectoryEntry, type ZipLimits } from "../../files/zip-guard";

/** A zip that is not a workbook (no workbook part, or no sheet). */
export class NotAWorkbookError extends Error {}

/**
 * The parsers of exceljs's streaming reader (lib/stream/xlsx/workbook-reader.js
 * of exceljs 4.4, which its types leave out), fed the parts inflated here
 * instead of its own unzipper's entries.
 */
interface WorkbookParsers {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(chunks: AsyncIterable<string>, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

const PARSERS = ["_parseRels", "_parseWorkbook", "_parseSharedStrings", "_parseWorksheet"] as const;
// At load, loudly: an exceljs that renamed them must fail the tests, not read every file as unreadable.
for (const name of PARSERS) {
  if (typeof (ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as Record<string, unknown>)[name] !== "function") {
    throw new Error(`exceljs's WorkbookReader has no ${name}: lib/strategies/transfer/xlsx.ts needs updating`);
  }
}

/** The entry's text, decoded across pieces (a character may be split between two). */
async function* textOf(zip: Uint8Array, entry: ZipDirectoryEntry, budget: InflationBudget): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const piece of inflateEntry(zip, entry, budget)) yield decoder.decode(piece, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The path inside the archive of the workbook's first sheet (its first <sheet>, through the workbook's relationships). */
function firstSheetPath(parsers: WorkbookParsers): string {
  const rId = parsers.model?.sheets?.[0]?.rId;
  const target = parsers.workbookRels?.find((r) => r.Id === rId)?.Target;
  if (!target) throw new NotAWorkbookError("the workbook has no sheet");
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

/**
 * The first sheet's rows, in order, as exceljs rows. Throws ZipRefusedError
 * when the archive passes a limit, NotAWorkbookError when it is no
 * workbook, and the XML parser's errors for broken XML.
 */
export async function* firstSheetRows(zip: Uint8Array, limits: ZipLimits): AsyncGenerator<ExcelJS.Row> {
  const entries = readZipDirectory(zip, limits.maxEntries);
  checkDeclaredSizes(entries, limits);
  const budget = new InflationBudget(limits);
  const part = (name: string) => entries.find((e) => e.name === name);
  const parsers = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: "cache",
    styles: "ignore",
    hyperlinks: "ignore",
    worksheets: "emit",
  }) as unknown as WorkbookParsers;

  const rels = part("xl/_rels/workbook.xml.rels");
  const book = part("xl/workbook.xml");
  if (!rels || !book) throw new NotAWorkbookError("the archive has no workbook");
  await parsers._parseRels(Readable.from(textOf(zip, rels, budget)));
  await parsers._parseWorkbook(Readable.from(textOf(zip, book, budget)));
  const sheet = part(firstSheetPath(parsers));
  if (!sheet) throw new NotAWorkbookError("the workbook's first sheet is missing");
  const strings = part("xl/sharedStrings.xml");

  const read = new Set([rels, book, sheet, strings]);
  for (const entry of entries) {
    if (read.has(entry)) continue;
    for await (const piece of inflateEntry(zip, entry, budget)) void piece; // counted, then dropped
  }
  parsers.sharedStrings = [];
  if (strings) for await (const nothing of parsers._parseSharedStrings(Readable.from(textOf(zip, strings, budget)))) void nothing; // cached, nothing emitted
  const [worksheet] = parsers._parseWorksheet(textOf(zip, sheet, budget), "1");
  yield* worksheet.value;
}
