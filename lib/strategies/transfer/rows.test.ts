// Reading a re-imported file: headers matched with or without the editable
// mark in any order, the row numbers a spreadsheet shows, per-column problems
// of the file itself, and both formats read back what was written.
import { columnOfHeader, headerOf, STRATEGY_COLUMNS } from "./columns";
import { FILE_MESSAGES, readTransferFile, TransferFileError, writeTransferFile } from "./file";
import { cellValue, mapFileRows, mapJsonRows, ROW_MESSAGES } from "./rows";

const rows = (...lines: string[][]) => lines.map((cells, i) => ({ row: i + 1, cells }));

test("headers match by name, with or without the editable mark, in any case and order; unknown columns are ignored", () => {
  expect(columnOfHeader("bid price")).toMatchObject({ field: "pricingValue" });
  expect(columnOfHeader("  Bid  Price (EDITABLE) ")).toMatchObject({ field: "pricingValue" });
  expect(columnOfHeader("Impressions")).toBeUndefined();
  const { rows: read, errors } = mapFileRows(rows(["Impressions", "bid type", "Version", "strategy id", "Use Campaign F-Cap (editable)"], ["10", "cpm", "3", "12", "No"]));
  expect(errors).toEqual([]);
  expect(read).toEqual([{ row: 2, id: 12, version: 3, edits: { pricingType: "CPM", campaignFcap: false } }]);
});

test("problems of the file name their row and column; good rows are still read", () => {
  const { rows: read, errors } = mapFileRows(
    rows(
      ["Strategy ID", "Version", "Use Campaign F-Cap"],
      ["7", "1", "Yes"],
      ["x", "1", "Yes"],
      ["7", "", "maybe"],
      ["8", "2", "no"],
    ),
  );
  expect(read.map((r) => r.id)).toEqual([7, 8]);
  expect(errors).toEqual([
    { row: 3, column: "Strategy ID", message: ROW_MESSAGES.id },
    { row: 4, column: "Strategy ID", message: ROW_MESSAGES.repeated(2) },
    { row: 4, column: "Version", message: ROW_MESSAGES.version },
    { row: 4, column: "Use Campaign F-Cap", message: ROW_MESSAGES.yesNo },
  ]);
});

test("a file without the id or version column says so", () => {
  expect(mapFileRows(rows(["Strategy Name"], ["A"])).errors.map((e) => e.message)).toEqual([ROW_MESSAGES.missingColumn("Strategy ID"), ROW_MESSAGES.missingColumn("Version")]);
});

test("the apostrophe the CSV writer puts before formula-looking text is taken off; other text stays", () => {
  expect(cellValue("'=Campaign cap")).toBe("=Campaign cap");
  expect(cellValue("'quoted")).toBe("'quoted");
});

test("JSON rows are numbered from 1 and read like the file's cells", () => {
  expect(mapJsonRows([{ id: "4", version: 2, pricingValue: 5.5, campaignFcap: "Yes", name: null }])).toEqual({
    rows: [{ row: 1, id: 4, version: 2, edits: { pricingValue: "5.5", campaignFcap: true, name: "" } }],
    errors: [],
  });
});

test.each(["csv", "xlsx"] as const)("%s: what is written reads back cell for cell (blank lines left out, row numbers kept)", async (format) => {
  const header = STRATEGY_COLUMNS.map(headerOf);
  const data = [[1, 4, 9, "Camp, one", "=SUM(A1)", "CPM", "4.20", "No", 3, 24, null]];
  const read = await readTransferFile(await writeTransferFile(format, header, data));
  expect(read[0]).toEqual({ row: 1, cells: header });
  expect(read[1].row).toBe(2);
  expect(read[1].cells.slice(0, 10).map(cellValue)).toEqual(["1", "4", "9", "Camp, one", "=SUM(A1)", "CPM", "4.20", "No", "3", "24"]);
});

test("empty, binary and over-long files are refused with their reason", async () => {
  await expect(readTransferFile(new Uint8Array())).rejects.toThrow(FILE_MESSAGES.empty);
  await expect(readTransferFile(new Uint8Array([0x47, 0x49, 0x46, 0x00, 0x01]))).rejects.toThrow(new TransferFileError(FILE_MESSAGES.unreadable));
  await expect(readTransferFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).rejects.toThrow(FILE_MESSAGES.unreadable);
  const many = `Strategy ID,Version\r\n${"1,1\r\n".repeat(20_001)}`;
  await expect(readTransferFile(new TextEncoder().encode(many))).rejects.toThrow(FILE_MESSAGES.tooManyRows);
});
