import { parse } from "csv-parse/sync";
import { buildCsv, csvFileName, escapeCsvCell } from "./csv";

describe("escapeCsvCell", () => {
  test.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+1-555", "'+1-555"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\t=1+1", "'\t=1+1"],
    ["=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""],
  ])("a text cell starting a formula (%p) is made plain text", (input, expected) => {
    expect(escapeCsvCell(input)).toBe(expected);
  });

  test("a carriage return at the start is escaped and the cell quoted", () => {
    expect(escapeCsvCell("\r=1")).toBe("\"'\r=1\"");
  });

  test("commas, quotes and line breaks are quoted, inner quotes doubled", () => {
    expect(escapeCsvCell("Deals, summer")).toBe('"Deals, summer"');
    expect(escapeCsvCell('The "best" app')).toBe('"The ""best"" app"');
    expect(escapeCsvCell("two\nlines")).toBe('"two\nlines"');
  });

  test("plain text, numbers and empty values", () => {
    expect(escapeCsvCell("Puzzle Peak")).toBe("Puzzle Peak");
    expect(escapeCsvCell("a=b")).toBe("a=b"); // only a leading = is a formula
    expect(escapeCsvCell(-12.5)).toBe("-12.5"); // numbers stay numbers
    expect(escapeCsvCell(0)).toBe("0");
    expect(escapeCsvCell(Number.NaN)).toBe("");
    expect(escapeCsvCell(null)).toBe("");
    expect(escapeCsvCell(undefined)).toBe("");
    expect(escapeCsvCell(true)).toBe("true");
  });
});

test("buildCsv writes CRLF lines that a CSV parser reads back cell for cell", () => {
  const rows = [
    ["=cmd|' /C calc'!A0", -3.25, 'say "hi", then\r\nleave'],
    ["Plain", 1200, null],
  ];
  const csv = buildCsv(["Name", "Margin", "Note"], rows);
  expect(csv.endsWith("\r\n")).toBe(true);
  expect(csv.split("\r\n")[0]).toBe("Name,Margin,Note");
  expect(parse(csv)).toEqual([
    ["Name", "Margin", "Note"],
    ["'=cmd|' /C calc'!A0", "-3.25", 'say "hi", then\r\nleave'],
    ["Plain", "1200", ""],
  ]);
});

test("file names are safe for a Content-Disposition header", () => {
  expect(csvFileName("campaigns", "2024-05-01")).toBe("campaigns-2024-05-01.csv");
  expect(csvFileName('a"b\r\nc', "x")).toBe("a_b_c-x.csv");
});
