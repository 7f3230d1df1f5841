/**
 * @jest-environment jsdom
 */
// The heat map and its drill-down as a user reads them: the table named by its
// caption, the row labels as row headers, a button per cell named by its row,
// column and value, the totals row and column; a cell opens the breakdown,
// whose parts are row headers with their values and the total under them.
import "@testing-library/jest-dom";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { Pivot } from "@/lib/slicex/pivot";
import type { PivotQuery } from "@/lib/slicex/schema";
import { drillPivotCellAction } from "@/lib/slicex/actions";
import { PivotTable } from "./pivot-table";

jest.mock("@/lib/slicex/actions", () => ({ drillPivotCellAction: jest.fn() }));
const drill = drillPivotCellAction as jest.MockedFunction<typeof drillPivotCellAction>;

const QUERY: PivotQuery = { rows: "strategy", columns: "date", metric: "impressions", from: "2030-01-01", to: "2030-01-02", timezoneId: 1 };
const METRIC = { id: "impressions", title: "Impressions", type: "number" as const };
const PIVOT: Pivot = {
  rows: [
    { key: "1", label: "Android - US", total: 30 },
    { key: "2", label: "iOS - DE", total: 5 },
  ],
  columns: [
    { key: "2030-01-01", label: "Jan 1", total: 20 },
    { key: "2030-01-02", label: "Jan 2", total: 15 },
  ],
  values: [
    [20, 10],
    [null, 5],
  ],
  shades: [
    [1, 0.5],
    [0, 0.25],
  ],
  hidden: { rows: 0, columns: 0 },
};

const show = (pivot = PIVOT) => render(<PivotTable pivot={pivot} query={QUERY} metric={METRIC} total={35} currencyCode="USD" />);

test("the pivot: caption, headers, a row header and a drill-down button per cell, the totals", () => {
  show();
  const table = screen.getByRole("table", { name: "Impressions by Strategy and Date" });
  expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Strategy \\ Date", "Jan 1", "Jan 2", "Total"]);
  expect(within(table).getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["Android - US", "iOS - DE", "Total"]);
  const rows = screen.getAllByTestId("pivot-row");
  expect(within(rows[0]).getAllByRole("cell").map((td) => td.textContent)).toEqual(["20", "10", "30"]);
  expect(within(rows[1]).getByRole("button", { name: "iOS - DE, Jan 1: - Impressions. Drill down" })).toBeInTheDocument();
  expect(screen.getByTestId("pivot-total")).toHaveTextContent("35");
  expect(screen.queryByTestId("pivot-hidden")).toBeNull();
});

test("no rows: the empty note instead of the table", () => {
  show({ ...PIVOT, rows: [], values: [], shades: [] });
  expect(screen.getByTestId("pivot-empty")).toBeInTheDocument();
  expect(screen.queryByRole("table")).toBeNull();
});

test("a cell opens its breakdown: the parts as row headers with their values, the total under them", async () => {
  drill.mockResolvedValue({
    ok: true,
    data: { rows: [{ key: "7", label: "Banner 300x250", value: 12 }, { key: "8", label: "Video", value: 8 }], total: 20, totalRows: 3, range: { from: "2030-01-01", to: "2030-01-02" } },
  } as Awaited<ReturnType<typeof drillPivotCellAction>>);
  show();
  fireEvent.click(screen.getByRole("button", { name: "Android - US, Jan 1: 20 Impressions. Drill down" }));
  const table = await screen.findByRole("table", { name: "Impressions by Creative" });
  expect(within(table).queryAllByRole("columnheader")).toHaveLength(0);
  expect(within(table).getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["Banner 300x250", "Video", "Total (top 2 of 3 shown)"]);
  expect(screen.getAllByTestId("drill-row").map((tr) => within(tr).getAllByRole("cell").at(-1)!.textContent)).toEqual(["12", "8"]);
  expect(screen.getByTestId("drill-total")).toHaveTextContent("20");
  expect(drill).toHaveBeenCalledWith({ query: QUERY, rowKey: "1", columnKey: "2030-01-01", by: "creative" });
});
