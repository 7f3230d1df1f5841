/**
 * @jest-environment jsdom
 */
// The one table as a user drives it: the server pages (the bar reports the
// page asked for), sorting reports the column and direction, selection ticks
// the page's selectable rows and skips the refused ones, the empty, loading
// and error states, the column set, ArrowUp/ArrowDown between rows, and the
// table's semantics: caption, hidden or absent header row, row headers, footer.
import { createContext, useContext, useState, type ReactNode } from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { RowSelectionState } from "@tanstack/react-table";
import { createDataColumns, DataTable, type DataTablePaging, type DataTableProps, type DataTableSort } from "./data-table";

interface Pixel {
  id: number;
  name: string;
  conversions: number;
  active: boolean;
}

const ROWS: Pixel[] = [
  { id: 1, name: "Alpha", conversions: 10, active: true },
  { id: 2, name: "Bravo", conversions: 20, active: false },
  { id: 3, name: "Charlie", conversions: 30, active: true },
];

const col = createDataColumns<Pixel>();
const COLUMNS = [
  col.accessor("name", { id: "name", header: "Name" }),
  col.accessor("id", { id: "id", header: "ID", sortDescFirst: true }),
  col.accessor("conversions", { id: "conversions", header: "Conversions", enableSorting: false, meta: { numeric: true } }),
];

function Table(props: Partial<DataTableProps<Pixel>>) {
  return <DataTable columns={COLUMNS} rows={ROWS} rowId={(r) => r.id} emptyText="No Pixel found." testId="t" {...props} />;
}

const headers = () => screen.getAllByRole("columnheader").map((th) => th.getAttribute("data-column"));
const bodyRows = () => within(screen.getByTestId("t")).getAllByRole("row").slice(1);

test("server paging: the bar shows the page of the total and asks for the next page, the last page and a new size from page 1", () => {
  const onChange = jest.fn();
  const paging: DataTablePaging = { pageIndex: 0, pageSize: 3, total: 8, pageSizes: [3, 10], onChange };
  const { rerender } = render(<Table paging={paging} />);
  expect(screen.getByTestId("page-summary").textContent).toBe("1–3 of 8");
  expect(screen.getByTestId("page-number").textContent).toBe("Page 1 of 3");
  expect((screen.getByRole("button", { name: "Previous page" }) as HTMLButtonElement).disabled).toBe(true);

  fireEvent.click(screen.getByRole("button", { name: "Next page" }));
  expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 3 });
  fireEvent.click(screen.getByRole("button", { name: "Last page" }));
  expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 3 });

  rerender(<Table paging={{ ...paging, pageIndex: 2 }} rows={ROWS.slice(0, 2)} />);
  expect(screen.getByTestId("page-summary").textContent).toBe("7–8 of 8");
  expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(screen.getByRole("combobox", { name: "Rows per page" }), { target: { value: "10" } });
  expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10 });
});

test("the compact bar of a dialog: items per page, 'a - b of n', previous and next only", () => {
  render(<Table paging={{ pageIndex: 1, pageSize: 5, total: 12, pageSizes: [5, 10], onChange: jest.fn(), compact: true }} />);
  expect(screen.getByTestId("picker-range").textContent).toBe("6 - 10 of 12");
  expect(screen.getByLabelText("Items per page")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "First page" })).toBeNull();
});

function SortedTable({ onSort }: { onSort: (s: DataTableSort | null) => void }) {
  const [sort, setSort] = useState<DataTableSort | null>({ id: "name", desc: false });
  return (
    <Table
      sort={{
        value: sort,
        onChange: (next) => {
          onSort(next);
          setSort(next);
        },
      }}
    />
  );
}

test("sorting: the sorted header says so; a click reports the column and direction; unsortable columns are plain text", () => {
  const onSort = jest.fn();
  render(<SortedTable onSort={onSort} />);
  const name = screen.getByRole("columnheader", { name: /Name/ });
  expect(name.getAttribute("aria-sort")).toBe("ascending");

  fireEvent.click(within(name).getByRole("button"));
  expect(onSort).toHaveBeenLastCalledWith({ id: "name", desc: true });
  expect(name.getAttribute("aria-sort")).toBe("descending");

  // Metrics and ids sort high-to-low on the first click.
  fireEvent.click(within(screen.getByRole("columnheader", { name: /ID/ })).getByRole("button"));
  expect(onSort).toHaveBeenLastCalledWith({ id: "id", desc: true });
  expect(name.getAttribute("aria-sort")).toBe("none");

  const conversions = screen.getByRole("columnheader", { name: "Conversions" });
  expect(within(conversions).queryByRole("button")).toBeNull();
  expect(conversions.getAttribute("aria-sort")).toBeNull();
});

test("without sort options no header is a button", () => {
  render(<Table />);
  expect(within(screen.getByTestId("t").querySelector("thead")!).queryAllByRole("button")).toHaveLength(0);
});

function SelectableTable({ onSelect }: { onSelect: (s: RowSelectionState) => void }) {
  const [value, setValue] = useState<RowSelectionState>({});
  return (
    <Table
      selection={{
        value,
        onChange: (next) => {
          onSelect(next);
          setValue(next);
        },
        canSelect: (row) => row.active,
        rowLabel: (row) => `Select ${row.name}`,
        allLabel: "Select all pixels on this page",
      }}
    />
  );
}

test("selection: the header box ticks every selectable row of the page, a refused row's box is disabled, a row box toggles its row", () => {
  const onSelect = jest.fn();
  render(<SelectableTable onSelect={onSelect} />);
  expect(headers()[0]).toBe("select");
  const all = screen.getByRole("checkbox", { name: "Select all pixels on this page" }) as HTMLInputElement;
  const bravo = screen.getByRole("checkbox", { name: "Select Bravo" }) as HTMLInputElement;
  expect(bravo.disabled).toBe(true);

  fireEvent.click(all);
  expect(onSelect).toHaveBeenLastCalledWith({ 1: true, 3: true });
  expect(all.checked).toBe(true);
  expect(bravo.checked).toBe(false);

  fireEvent.click(screen.getByRole("checkbox", { name: "Select Alpha" }));
  expect(onSelect).toHaveBeenLastCalledWith({ 3: true });
  expect(all.checked).toBe(false);
  expect(all.indeterminate).toBe(true);

  fireEvent.click(all);
  expect(onSelect).toHaveBeenLastCalledWith({ 1: true, 3: true });
  fireEvent.click(all);
  expect(onSelect).toHaveBeenLastCalledWith({});
});

test("selection disabled for the user (a demo account): every box is shown and disabled", () => {
  render(<Table selection={{ value: {}, onChange: jest.fn(), canSelect: false, rowLabel: (r) => `Select ${r.name}`, allLabel: "Select all" }} />);
  const boxes = screen.getAllByRole("checkbox") as HTMLInputElement[];
  expect(boxes).toHaveLength(4);
  expect(boxes.every((b) => b.disabled)).toBe(true);
});

test("single selection: one radio per row; choosing one reports it alone", () => {
  const onChange = jest.fn();
  render(<Table selection={{ value: { 1: true }, onChange, canSelect: true, rowLabel: (r) => r.name, mode: "single" }} />);
  expect(screen.queryByRole("checkbox")).toBeNull();
  expect((screen.getByRole("radio", { name: "Alpha" }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByRole("radio", { name: "Charlie" }));
  expect(onChange).toHaveBeenLastCalledWith({ 3: true });
});

test("the empty state spans the table; while loading it shows the loading text; a read error is an alert", () => {
  const { rerender } = render(<Table rows={[]} />);
  const empty = screen.getByTestId("empty-state");
  expect(empty.textContent).toBe("No Pixel found.");
  expect(empty.getAttribute("colspan")).toBe("3");
  expect(screen.queryByRole("alert")).toBeNull();

  rerender(<Table rows={[]} loading loadingText="Loading..." />);
  expect(screen.getByTestId("empty-state").textContent).toBe("Loading...");
  expect(screen.getByTestId("t").parentElement!.getAttribute("aria-busy")).toBe("true");

  rerender(<Table rows={[]} error="Server error, Please try after sometime" />);
  expect(screen.getByRole("alert").textContent).toBe("Server error, Please try after sometime");
});

test("loading with rows keeps them on screen, dimmed and marked busy, under 'Refreshing data...'", () => {
  const { rerender } = render(<Table loading loadingText="Loading..." />);
  expect(bodyRows()).toHaveLength(3);
  expect(screen.getByTestId("t").parentElement!.getAttribute("aria-busy")).toBe("true");
  expect(screen.getByTestId("t").querySelector("tbody")!.className).toContain("opacity-60");
  expect(screen.getByTestId("t").querySelector("thead")!.closest(".opacity-60")).toBeNull();
  expect(screen.getByRole("status").textContent).toBe("Refreshing data...");
  expect(screen.getByTestId("t-refreshing")).toBe(screen.getByRole("status"));

  rerender(<Table />);
  expect(screen.queryByRole("status")).toBeNull();
});

test("loading without rows: the loading message is not dimmed, and nothing says refreshing", () => {
  render(<Table rows={[]} loading loadingText="Loading..." />);
  expect(screen.getByTestId("empty-state").closest(".opacity-60")).toBeNull();
  expect(screen.queryByText("Refreshing data...")).toBeNull();
});

test("the column set shows only the view's columns (the select column stays)", () => {
  render(<Table columnSet={["name", "conversions"]} selection={{ value: {}, onChange: jest.fn(), canSelect: true, rowLabel: (r) => r.name }} />);
  expect(headers()).toEqual(["select", "name", "conversions"]);
  expect(within(bodyRows()[0]).getAllByRole("cell").map((c) => c.textContent)).toEqual(["", "Alpha", "10"]);
  expect(within(bodyRows()[0]).getAllByRole("cell")[2].className).toContain("text-right");
});

test("row attributes and row clicks reach the caller", () => {
  const onRowClick = jest.fn();
  render(<Table rowAttributes={(r) => ({ "data-testid": "pixel-row", "data-row-id": r.id })} onRowClick={onRowClick} />);
  const rows = screen.getAllByTestId("pixel-row");
  expect(rows.map((r) => r.getAttribute("data-row-id"))).toEqual(["1", "2", "3"]);
  fireEvent.click(within(rows[1]).getByText("Bravo"));
  expect(onRowClick).toHaveBeenCalledWith(ROWS[1]);
});

test("ArrowDown and ArrowUp move the focus to the same control of the next and previous row", () => {
  render(<Table selection={{ value: {}, onChange: jest.fn(), canSelect: true, rowLabel: (r) => `Select ${r.name}` }} />);
  const alpha = screen.getByRole("checkbox", { name: "Select Alpha" });
  alpha.focus();
  fireEvent.keyDown(alpha, { key: "ArrowDown" });
  expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Select Bravo" }));
  fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
  fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" }); // no row below: stays
  expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Select Charlie" }));
  fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
  expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Select Bravo" }));
});

test("a row scope wraps each row, so the row's cells share its state (a row that is a form of its own)", () => {
  const Draft = createContext<{ text: string; setText(t: string): void } | null>(null);
  function Scope({ row, children }: { row: Pixel; children: ReactNode }) {
    const [text, setText] = useState(row.name);
    return <Draft.Provider value={{ text, setText }}>{children}</Draft.Provider>;
  }
  function Edit() {
    const draft = useContext(Draft)!;
    return <input aria-label="Draft" value={draft.text} onChange={(e) => draft.setText(e.target.value)} />;
  }
  function Echo() {
    return <span data-testid="echo">{useContext(Draft)!.text}</span>;
  }
  const columns = [col.display({ id: "edit", header: "Edit", cell: () => <Edit /> }), col.display({ id: "echo", header: "Echo", cell: () => <Echo /> })];
  render(<DataTable columns={columns} rows={ROWS} rowId={(r) => r.id} emptyText="-" RowScope={Scope} />);
  fireEvent.change(screen.getAllByRole("textbox", { name: "Draft" })[1], { target: { value: "Bravo 2" } });
  expect(screen.getAllByTestId("echo").map((e) => e.textContent)).toEqual(["Alpha", "Bravo 2", "Charlie"]);
});

test("columns rebuilt on a render (new closures) keep the cells' elements, so focus stays where it was", () => {
  const withAction = (onClick: () => void) => [
    ...COLUMNS,
    col.display({ id: "action", header: "Action", cell: ({ row }) => <button onClick={onClick}>{`Edit ${row.original.name}`}</button> }),
  ];
  const { rerender } = render(<Table columns={withAction(() => {})} />);
  const edit = screen.getByRole("button", { name: "Edit Bravo" });
  edit.focus();
  rerender(<Table columns={withAction(() => {})} />);
  expect(screen.getByRole("button", { name: "Edit Bravo" })).toBe(edit);
  expect(document.activeElement).toBe(edit);
});

test("a caption names the table (hidden unless asked); the header row can be for screen readers only, or left out", () => {
  const { rerender } = render(<Table caption="Pixels of the advertiser" headerRow="sr-only" />);
  expect(screen.getByRole("table", { name: "Pixels of the advertiser" })).toBeTruthy();
  expect(screen.getByText("Pixels of the advertiser").className).toContain("sr-only");
  expect(screen.getByTestId("t").querySelector("thead")!.className).toContain("sr-only");
  expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Name", "ID", "Conversions"]);

  rerender(<Table caption="Media files (3)" captionVisible headerRow="none" />);
  expect(screen.getByText("Media files (3)").className).not.toContain("sr-only");
  expect(screen.queryAllByRole("columnheader")).toHaveLength(0);
  expect(within(screen.getByTestId("t")).getAllByRole("row")).toHaveLength(3);
});

test("without emptyText a table without rows shows its header alone", () => {
  render(<Table rows={[]} emptyText={null} />);
  expect(screen.queryByTestId("empty-state")).toBeNull();
  expect(within(screen.getByTestId("t")).getAllByRole("row")).toHaveLength(1);
});

test("a row-header column: its cells and the footer's label are row headers; the footer's cells sit under their columns", () => {
  const columns = [
    col.accessor("name", { id: "name", header: "Name", meta: { rowHeader: true, sticky: true } }),
    col.accessor("conversions", { id: "conversions", header: "Conversions", meta: { numeric: true, cellTestId: "conversions-cell", headerTitle: "Credited fires" } }),
  ];
  render(<Table columns={columns} footer={{ label: "Total", labelColumn: "name", cells: { conversions: "60" }, testId: "totals" }} />);
  expect(screen.getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["Alpha", "Bravo", "Charlie", "Total"]);
  expect(screen.getByRole("rowheader", { name: "Alpha" }).className).toContain("sticky");
  expect(screen.getByRole("columnheader", { name: "Name" }).className).toContain("sticky");
  expect(screen.getAllByTestId("conversions-cell").map((td) => td.textContent)).toEqual(["10", "20", "30"]);
  expect(screen.getByRole("columnheader", { name: "Conversions" }).getAttribute("title")).toBe("Credited fires");
  const totals = within(screen.getByTestId("totals")).getByRole("row");
  expect(within(totals).getByRole("rowheader").textContent).toBe("Total");
  expect(within(totals).getByRole("cell").textContent).toBe("60");
});

test("rows without an id of their own are keyed by their index; a cell-filling control's cell has no padding of the density", () => {
  const onClick = jest.fn();
  const columns = [
    col.display({ id: "open", header: "Open", meta: { fill: true }, cell: ({ row }) => <button onClick={onClick}>{`Open ${row.original.name}`}</button> }),
  ];
  const rowId = jest.fn((_: Pixel, index: number) => `row-${index}`);
  render(<Table columns={columns} rowId={rowId} />);
  expect(rowId.mock.calls.map(([, index]) => index)).toEqual(expect.arrayContaining([0, 1, 2]));
  const cell = screen.getByRole("button", { name: "Open Alpha" }).closest("td")!;
  expect(cell.className).toContain("p-0.5");
  expect(cell.className).not.toContain("px-3");
});

test("ArrowDown moves between the controls of row-header cells too", () => {
  const columns = [
    col.display({ id: "name", header: "Name", meta: { rowHeader: true }, cell: ({ row }) => <button>{row.original.name}</button> }),
  ];
  render(<Table columns={columns} />);
  screen.getByRole("button", { name: "Alpha" }).focus();
  fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Bravo" }));
});
