"use client";
// The one table of the console, on TanStack Table 9. The server pages and
// sorts (manualPagination / manualSorting): the table holds the state its
// caller owns (for lists, the URL) and reports every change. Optional parts:
//   sort       the sorted column, controlled (header buttons, ▲ ▼ ↕, aria-sort)
//   paging     the page, its size and the total, with the pagination bar under the table
//   selection  a checkbox per row and the select-all header box (or one radio per row);
//              rows it refuses (canSelect) show a disabled box
//   columnSet  which of the columns show (the list's view); the others are hidden
//   resizable  fixed layout with the columns' sizes and a drag handle per header
//   footer     a totals row under the rows: cells by column id, a label in one column
//   caption    what the table shows (its accessible name), hidden or above the header
//   headerRow  the column headers shown, for screen readers only, or none (a list of bars)
// plus the empty state (emptyText, or `error` as an alert), the loading state
// (loadingText while there are no rows yet; once there are, they stay dimmed
// and aria-busy under a 'Refreshing data...' status until the new ones come), a
// sticky header inside a height-bounded frame, and ArrowUp/ArrowDown between rows.
// Columns may be built per render (a report's metrics); without `paging` every
// row shows. A column's `meta` (DataColumnMeta) makes it numeric, a row header,
// sticky at the left, a cell-filling control, or gives its cells a test id.
//
//   const columns = createDataColumns<Row>();
//   <DataTable columns={[columns.accessor("name", { header: "Name" })]} rows={rows} rowId={(r) => r.id} emptyText="No rows." />
import { useId, useMemo, type ComponentType, type ReactNode } from "react";
import {
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type ReactTable,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import {
  DataCell,
  EmptyRow,
  moveFocusBetweenRows,
  SelectAllCheckbox,
  SelectRowControl,
  SortableHeader,
  stickyClass,
  type DataColumnMeta,
} from "./data-table-parts";
import { LAYER } from "./layers";
import { Pagination, type PaginationProps } from "./pagination";
import { RefreshingStatus } from "./refreshing-status";

export type { DataColumnMeta };

/** What the select column reads on each render (its header and cells stay the same functions, so React keeps their boxes). */
interface DataTableMeta {
  selectLabels?: { row(row: unknown): string; all: string; radioName?: string };
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnVisibilityFeature,
  columnMeta: {} as DataColumnMeta,
  tableMeta: {} as DataTableMeta,
});
export type DataTableFeatures = typeof dataTableFeatures;

/** The column helper of a DataTable's rows. */
export const createDataColumns = <Row extends RowData>() => createColumnHelper<DataTableFeatures, Row>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of different value types in one array
export type DataColumn<Row extends RowData> = ColumnDef<DataTableFeatures, Row, any>;

export interface DataTableSort {
  id: string;
  desc: boolean;
}

/** The page, its size and the total (the server pages); the bar's `onChange` asks for another. */
export type DataTablePaging = PaginationProps;

export interface DataTableSelection<Row extends RowData> {
  value: RowSelectionState;
  onChange(next: RowSelectionState): void;
  /** Which rows may be selected (false: every box disabled, e.g. a demo user). */
  canSelect: boolean | ((row: Row) => boolean);
  /** The accessible name of a row's control. */
  rowLabel(row: Row): string;
  /** The accessible name of the select-all box (several rows). */
  allLabel?: string;
  /** "single": a radio per row, no select-all. */
  mode?: "multiple" | "single";
}

export interface DataTableProps<Row extends RowData> {
  columns: DataColumn<Row>[];
  rows: Row[];
  /** The row's key; `index` for rows without an id of their own (a log's entries). */
  rowId(row: Row, index: number): string | number;
  /** The one cell of a table without rows; null: no such row (the caption or the header says it). */
  emptyText: ReactNode;
  /** Shown instead of emptyText, as an alert, when the rows could not be read. */
  error?: string | null;
  loading?: boolean;
  loadingText?: ReactNode;
  sort?: { value: DataTableSort | null; onChange(next: DataTableSort | null): void };
  paging?: DataTablePaging;
  selection?: DataTableSelection<Row>;
  columnSet?: readonly string[];
  resizable?: boolean;
  stickyHeader?: boolean;
  density?: "normal" | "compact";
  testId?: string;
  label?: string;
  /** Test ids and data attributes of a row's <tr>. */
  rowAttributes?(row: Row): Record<string, string | number | boolean | undefined>;
  onRowClick?(row: Row): void;
  /**
   * Wraps each row (no markup of its own): state its cells share, e.g. a row
   * that is a form of its own provides the form to its cells through a context.
   */
  RowScope?: ComponentType<{ row: Row; children: ReactNode }>;
  /** The scrolling frame takes focus (rows without links or buttons: arrow keys scroll it). */
  scrollFocusable?: boolean;
  /** Classes of the frame around the table and its pagination. */
  className?: string;
  /** A row under the body (a list's totals): `cells` by column id, `label` in the column `labelColumn`. */
  footer?: { label: ReactNode; labelColumn: string; cells: Record<string, ReactNode>; testId?: string };
  /** What the table shows: its accessible name, for screen readers only unless `captionVisible`. */
  caption?: ReactNode;
  captionVisible?: boolean;
  /** "sr-only": the headers name the columns for screen readers only; "none": no header row at all. */
  headerRow?: "visible" | "sr-only" | "none";
}

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;

/**
 * Renders a header or cell template. Templates are called as render functions,
 * not mounted as components: a column list rebuilt on a render (new closures)
 * then keeps the cells' elements, and with them focus and input state. Hooks
 * belong in the components a template returns.
 */
function render<C>(template: ReactNode | ((context: C) => ReactNode) | undefined, context: C): ReactNode {
  return typeof template === "function" ? template(context) : template;
}

const numeric = (meta: DataColumnMeta | undefined) => meta?.numeric ?? false;

const FRAME = "overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs";
const PAD = {
  normal: { th: "px-3 py-3", td: "px-3 py-2.5" },
  compact: { th: "px-3 py-2", td: "px-3 py-2" },
} as const;

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { rows, rowId, sort, paging, selection, columnSet, resizable = false, density = "normal", headerRow = "visible" } = props;
  const radioName = useId();
  const withSelection = selection !== undefined;
  const columns = useMemo(
    () => (withSelection ? [SELECT_COLUMN as DataColumn<Row>, ...props.columns] : props.columns),
    [withSelection, props.columns],
  );

  const sortValue = sort?.value;
  const sorting = useMemo<SortingState>(() => (sortValue ? [{ id: sortValue.id, desc: sortValue.desc }] : []), [sortValue]);
  const pagination: PaginationState = { pageIndex: paging?.pageIndex ?? 0, pageSize: paging?.pageSize ?? Math.max(1, rows.length) };
  const columnVisibility = useMemo(() => {
    if (!columnSet) return {};
    const shown = new Set(["select", ...columnSet]);
    return Object.fromEntries(props.columns.map((c) => [c.id ?? "", shown.has(c.id ?? "")]));
  }, [columnSet, props.columns]);
  const rowSelection = selection?.value ?? {};

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (row, index) => String(rowId(row, index)),
    rowCount: paging?.total ?? rows.length,
    manualPagination: true,
    manualSorting: true,
    autoResetPageIndex: false,
    enableSorting: sort !== undefined,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableColumnResizing: resizable,
    columnResizeMode: "onChange",
    enableRowSelection: selection ? canSelectRow(selection.canSelect) : false,
    enableMultiRowSelection: selection?.mode !== "single",
    enableRowRangeSelection: false,
    state: { sorting, pagination, rowSelection, columnVisibility },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = apply(updater, sorting)[0];
      sort?.onChange(next ? { id: next.id, desc: next.desc } : null);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => selection?.onChange(apply(updater, rowSelection)),
    meta: selection
      ? {
          selectLabels: {
            row: (row) => selection.rowLabel(row as Row),
            all: selection.allLabel ?? "Select all rows on this page",
            radioName: selection.mode === "single" ? radioName : undefined,
          },
        }
      : {},
  });

  const tableRows = table.getRowModel().rows;
  const pad = PAD[density];
  const { RowScope, onRowClick } = props;
  const renderRow = (row: (typeof tableRows)[number]) => {
    const tr = (
      <tr
        key={row.id}
        {...props.rowAttributes?.(row.original)}
        onClick={onRowClick ? () => onRowClick(row.original) : undefined}
        className={`${row.getIsSelected() ? "bg-accent/60" : "hover:bg-slate-50"} ${onRowClick ? "cursor-pointer" : ""}`}
      >
        {row.getVisibleCells().map((cell) => (
          <DataCell key={cell.id} meta={cell.column.columnDef.meta} padding={pad.td} section="body">
            {render(cell.column.columnDef.cell, cell.getContext())}
          </DataCell>
        ))}
      </tr>
    );
    return RowScope ? (
      <RowScope key={row.id} row={row.original}>
        {tr}
      </RowScope>
    ) : (
      tr
    );
  };
  const visibleCount = table.getVisibleLeafColumns().length;
  const emptyContent = props.loading && props.loadingText ? props.loadingText : (props.error ?? props.emptyText);
  return (
    <div className={`relative ${props.className ?? FRAME}`}>
      <div
        className="min-h-0 flex-1 overflow-auto"
        aria-busy={props.loading || undefined}
        // A table whose cells hold nothing focusable (a report) can still be scrolled from the keyboard.
        {...(props.scrollFocusable ? { tabIndex: 0, role: "region", "aria-label": props.label ?? "Table" } : {})}
      >
        <table
          className={`w-full text-left text-sm ${resizable ? "table-fixed" : ""}`}
          style={resizable ? { minWidth: table.getTotalSize() } : undefined}
          data-testid={props.testId}
          aria-label={props.label}
        >
          {props.caption ? (
            <caption className={props.captionVisible ? "px-3 py-2 text-left text-sm text-slate-500" : "sr-only"}>{props.caption}</caption>
          ) : null}
          {headerRow === "none" ? null : (
            <DataTableHead table={table} padding={pad.th} resizable={resizable} srOnly={headerRow === "sr-only"} sticky={props.stickyHeader ?? false} />
          )}
          {/* Only stale rows dim while loading: the header and the loading message keep full contrast. */}
          <tbody
            className={`divide-y divide-slate-100 transition-opacity ${props.loading && tableRows.length > 0 ? "opacity-60" : ""}`}
            onKeyDown={moveFocusBetweenRows}
          >
            {tableRows.length > 0 ? (
              tableRows.map(renderRow)
            ) : emptyContent == null ? null : (
              <EmptyRow colSpan={visibleCount} alert={!props.loading && !!props.error}>
                {emptyContent}
              </EmptyRow>
            )}
          </tbody>
          {props.footer && tableRows.length > 0 ? <DataTableFoot table={table} footer={props.footer} padding={pad.td} /> : null}
        </table>
      </div>
      {paging ? <Pagination {...paging} /> : null}
      {/* After the rows: at the sticky header's level it paints above them. */}
      <RefreshingStatus active={!!props.loading && tableRows.length > 0} look="floating" testId={props.testId ? `${props.testId}-refreshing` : undefined} />
    </div>
  );
}

/** The header row: sorting buttons, tooltips, sticky columns and resize handles; sticky at the top of the frame, or for screen readers only. */
function DataTableHead<Row extends RowData>({
  table,
  padding,
  resizable,
  srOnly,
  sticky,
}: {
  table: ReactTable<DataTableFeatures, Row>;
  padding: string;
  resizable: boolean;
  srOnly: boolean;
  sticky: boolean;
}) {
  return (
    <thead
      className={`border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase ${
        srOnly ? "sr-only" : sticky ? `sticky top-0 ${LAYER.sticky}` : ""
      }`}
    >
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <SortableHeader
              key={header.id}
              column={header.column}
              label={render(header.column.columnDef.header, header.getContext())}
              truncate={resizable}
              title={header.column.columnDef.meta?.headerTitle}
              style={resizable ? { width: header.getSize() } : undefined}
              className={`whitespace-nowrap ${padding} ${numeric(header.column.columnDef.meta) ? "text-right" : ""} ${stickyClass(header.column.columnDef.meta, "head") || "relative"}`}
            >
              {resizable && header.column.getCanResize() ? (
                <div
                  aria-hidden="true"
                  onMouseDown={header.getResizeHandler()}
                  onTouchStart={header.getResizeHandler()}
                  onClick={(e) => e.stopPropagation()}
                  className={`absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-slate-300 ${
                    header.column.getIsResizing() ? "bg-primary" : ""
                  }`}
                />
              ) : null}
            </SortableHeader>
          ))}
        </tr>
      ))}
    </thead>
  );
}

/** The totals row: the label in its column (a row header there when the column names its rows), the cells under theirs. */
function DataTableFoot<Row extends RowData>({
  table,
  footer,
  padding,
}: {
  table: ReactTable<DataTableFeatures, Row>;
  footer: NonNullable<DataTableProps<Row>["footer"]>;
  padding: string;
}) {
  return (
    <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-700" data-testid={footer.testId}>
      <tr>
        {table.getVisibleLeafColumns().map((column) => (
          <DataCell key={column.id} meta={column.columnDef.meta} padding={padding} section="foot" column={column.id}>
            {(column.id === footer.labelColumn ? footer.label : footer.cells[column.id]) ?? null}
          </DataCell>
        ))}
      </tr>
    </tfoot>
  );
}

function canSelectRow<Row extends RowData>(canSelect: DataTableSelection<Row>["canSelect"]) {
  return typeof canSelect === "function" ? (row: { original: Row }) => canSelect(row.original) : canSelect;
}

/** The leading select column: a checkbox (or radio) per row, the select-all box in its header. */
const SELECT_COLUMN = createDataColumns<RowData>().display({
  id: "select",
  enableSorting: false,
  enableResizing: false,
  size: 44,
  minSize: 44,
  header: ({ table }) => {
    const labels = table.options.meta?.selectLabels;
    if (!labels) return null;
    return labels.radioName ? <span className="sr-only">Select</span> : <SelectAllCheckbox table={table} label={labels.all} />;
  },
  cell: ({ row, table }) => {
    const labels = table.options.meta?.selectLabels;
    return labels ? <SelectRowControl row={row} label={labels.row(row.original)} name={labels.radioName} /> : null;
  },
});
