// A strategy re-import's XLSX cannot be a zip bomb: the archive is checked
// before anything is inflated (entry count, declared sizes and their ratio)
// and counted while it is (declared sizes can lie), wherever the bomb sits:
// the sheet, the shared strings, the styles, or a part the reader never
// uses. Each bomb is a valid XLSX (a genuine export's parts, one of them
// replaced) of about 460 KB expanding to 450 MB: refused with its message in
// under 2 s with the process's resident memory growing less than 100 MB
// (sampled every 2 ms while it runs), through the reader and, once, the REST
// route the console's import dialog posts to. A sheet with too many rows stops
// at the row limit without reading the rest.
import zlib from "node:zlib";
import { unzipSync } from "fflate";
import { handleApiRequest as importRoute } from "@/lib/api/router";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { FILE_MESSAGES, MAX_IMPORT_ROWS, readTransferFile, TransferFileError, writeTransferFile } from "@/lib/strategies/transfer/file";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { deflatedRun, prefixedEntry, storedEntry, zipArchive, type DeflatedRun, type ZipEntry } from "../fixtures/catalog/zip-bomb";

useTestDatabase();

const MB = 1024 * 1024;
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const SHEET = "xl/worksheets/sheet1.xml";
/** Where a bomb can sit, and the XML it opens with (never closed: 450 MB of "a" follow). */
const PLACES = {
  sheet: [SHEET, `${XML}<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`],
  sharedStrings: ["xl/sharedStrings.xml", `${XML}<sst ${NS} count="1" uniqueCount="1"><si><t>`],
  styles: ["xl/styles.xml", `${XML}<styleSheet ${NS}><numFmts count="1"><numFmt numFmtId="164" formatCode="`],
  "a part the reader never uses": ["xl/media/image1.png", ""],
} as const;

let parts: Record<string, Uint8Array>;
let run: DeflatedRun;
beforeAll(async () => {
  parts = unzipSync(await writeTransferFile("xlsx", ["Strategy ID", "Strategy Name (editable)"], [[1, "Prospecting"], [2, "Retargeting"]]));
  run = await deflatedRun(450);
}, 120_000);

/** The parts, stored (not compressed), with `entries` in place of (or beside) the parts of their names. */
function repacked(of: Record<string, Uint8Array>, ...entries: ZipEntry[]): Uint8Array {
  const replaced = new Set(entries.map((e) => e.name));
  const kept = Object.entries(of).filter(([name]) => !replaced.has(name));
  return new Uint8Array(zipArchive([...kept.map(([name, data]) => storedEntry(name, Buffer.from(data))), ...entries]));
}

/** A genuine export with `entries` in place of (or beside) its parts of their names. */
const xlsxWith = (...entries: ZipEntry[]) => repacked(parts, ...entries);

function bomb(place: keyof typeof PLACES, declaredSize?: number): Uint8Array {
  const [name, prefix] = PLACES[place];
  const entry = prefixedEntry(name, prefix, run);
  return xlsxWith(declaredSize === undefined ? entry : { ...entry, size: declaredSize });
}

/** Runs `work`, timing it and sampling the process's RSS every 2 ms. */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  const started = performance.now();
  try {
    const outcome: { value?: T; error?: unknown } = await work().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const after = process.memoryUsage().rss;
    return { ...outcome, seconds: (performance.now() - started) / 1000, peakMb: (Math.max(peak, after) - before) / MB, afterMb: (after - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

async function expectRefusedFast(file: Uint8Array, message: string) {
  expect(file.length).toBeLessThan(500 * 1024);
  const outcome = await measured(() => readTransferFile(file));
  expect(outcome.error).toEqual(new TransferFileError(message));
  expect(outcome.seconds).toBeLessThan(2);
  expect(outcome.peakMb).toBeLessThan(100);
  expect(outcome.afterMb).toBeLessThan(100);
}

test("warm-up: a genuine export reads (the reader's modules are loaded before memory is measured)", async () => {
  const rows = await readTransferFile(xlsxWith());
  expect(rows.map((r) => r.cells)).toEqual([["Strategy ID", "Strategy Name (editable)"], ["1", "Prospecting"], ["2", "Retargeting"]]);
});

describe.each(Object.keys(PLACES) as (keyof typeof PLACES)[])("a 450 MB bomb in %s", (place) => {
  test("declared honestly: refused from the directory, before anything is inflated", async () => {
    await expectRefusedFast(bomb(place), FILE_MESSAGES.expandsTooMuch);
    expect(FILE_MESSAGES.expandsTooMuch).toBe("The file expands to more than 100 MB: it cannot be an export of this console");
  });

  test("declaring 64 KB: refused by the count of what comes out", async () => {
    await expectRefusedFast(bomb(place, 64 * 1024), FILE_MESSAGES.compressedTooMuch);
  });
});

test("too many files inside is refused before anything is inflated", async () => {
  const extra = Array.from({ length: 200 }, (_, i) => storedEntry(`xl/extra/part${i}.xml`, Buffer.from("<x/>")));
  await expectRefusedFast(xlsxWith(...extra), FILE_MESSAGES.tooManyEntries);
});

test("the REST route (where the console's import dialog posts the file) answers 400 with the message on `file`, fast", async () => {
  const { ctx } = await f.makeTenant("RW");
  const key = (await createApiKey(scopeOf(ctx), { name: "import", scope: "READ_WRITE" })).secret;
  const post = (file: Uint8Array) => {
    const form = new FormData();
    form.set("file", new Blob([file as BlobPart]), "strategies.xlsx");
    return importRoute(new Request("http://localhost/api/v1/strategies/import?dryRun=true", { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form }));
  };
  await post(xlsxWith()); // warm-up of the route's own modules
  for (const file of [bomb("sheet"), bomb("sharedStrings", 64 * 1024)]) {
    const outcome = await measured(async () => {
      const response = await post(file);
      return { status: response.status, body: (await response.json()) as { error: { fieldErrors?: Record<string, string> } } };
    });
    expect(outcome.value?.status).toBe(400);
    expect(outcome.value?.body.error.fieldErrors).toEqual({ file: expect.stringMatching(/^The file expands .*: it cannot be an export of this console$/) });
    expect(outcome.seconds).toBeLessThan(2);
    expect(outcome.peakMb).toBeLessThan(100);
  }
});

/** A sheet of a header and `dataRows` rows whose deflate stream then breaks: reading past them fails. */
function sheetThenDamage(dataRows: number): Uint8Array {
  const cells = (r: number, id: string, name: string) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${id}</t></is></c><c r="B${r}" t="inlineStr"><is><t>${name}</t></is></c></row>`;
  const rows = [cells(1, "Strategy ID", "Strategy Name (editable)")];
  for (let i = 1; i <= dataRows; i++) rows.push(cells(i + 1, String(i), `Strategy ${i}`));
  const xml = `${XML}<worksheet ${NS}><sheetData>${rows.join("")}`;
  // Flushed to a byte boundary, not final: what follows is read as the next block, and 0xff is no valid block.
  const data = Buffer.concat([zlib.deflateRawSync(xml, { finishFlush: zlib.constants.Z_SYNC_FLUSH }), Buffer.alloc(64 * 1024, 0xff)]);
  return xlsxWith({ name: SHEET, data, method: 8, crc: 0, size: xml.length + MB });
}

test("a sheet with too many rows stops at the limit: the damage after them is never read", async () => {
  await expect(readTransferFile(sheetThenDamage(MAX_IMPORT_ROWS + 5_000))).rejects.toEqual(new TransferFileError(FILE_MESSAGES.tooManyRows));
  // The same damage after exactly the limit is read, and reported: the reader stopped before it above.
  await expect(readTransferFile(sheetThenDamage(MAX_IMPORT_ROWS))).rejects.toEqual(new TransferFileError(FILE_MESSAGES.unreadable));
});

test("a genuine export of the limit's number of strategies reads back exactly, accented names split between pieces included", async () => {
  const names = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `Stratégie ${i} ${"é".repeat(i % 97)} ünd ${"ø".repeat(i % 13)}`);
  const file = await writeTransferFile("xlsx", ["Strategy ID", "Strategy Name (editable)"], names.map((name, i) => [i + 1, name]));
  // Stored, the shared strings come in 4 KB pieces of the archive: many cut a two-byte character in half.
  for (const xlsx of [file, repacked(unzipSync(file))]) {
    const rows = await readTransferFile(xlsx);
    expect(rows).toHaveLength(MAX_IMPORT_ROWS + 1);
    expect(rows.slice(1).map((r) => r.cells[1])).toEqual(names);
    expect(rows.at(-1)).toEqual({ row: MAX_IMPORT_ROWS + 1, cells: [String(MAX_IMPORT_ROWS), names.at(-1)] });
  }
}, 60_000);
