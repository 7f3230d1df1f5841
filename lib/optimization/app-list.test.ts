import { CSV_ONLY_MESSAGE, isCsvFile, neverBlockSummary, parseAppList, validationSummary } from "./app-list";

describe("pasted and uploaded app lists (shell.md 5 'App upload')", () => {
  test("entries split on comma, newline and tab, trimmed, empty ones dropped, each once", () => {
    expect(parseAppList(" com.a.one,com.b.two\n\ncom.c.three\tcom.d.four\r\n, ,com.a.one ")).toEqual(["com.a.one", "com.b.two", "com.c.three", "com.d.four"]);
    expect(parseAppList("")).toEqual([]);
    expect(parseAppList(" \n\t,")).toEqual([]);
  });

  test("only CSV files are read", () => {
    expect(isCsvFile({ name: "apps.csv", type: "text/csv" })).toBe(true);
    expect(isCsvFile({ name: "apps.csv", type: "application/vnd.ms-excel" })).toBe(true);
    expect(isCsvFile({ name: "apps.csv", type: "" })).toBe(true);
    expect(isCsvFile({ name: "apps.txt", type: "text/plain" })).toBe(false);
    expect(isCsvFile({ name: "apps.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" })).toBe(false);
    expect(CSV_ONLY_MESSAGE).toBe("Please upload only .csv extension files.");
  });

  test("the validation's counts", () => {
    expect(validationSummary({ valid: 2, invalid: 1 })).toEqual(["2 site(s) added", "1 Invalid site(s)"]);
  });

  test("the never-block row: the first 3 names then 'and N more', or 'None'", () => {
    expect(neverBlockSummary([])).toBe("None");
    expect(neverBlockSummary(["A", "B"])).toBe("A, B");
    expect(neverBlockSummary(["A", "B", "C"])).toBe("A, B, C");
    expect(neverBlockSummary(["A", "B", "C", "D", "E"])).toBe("A, B, C and 2 more");
  });
});
