"use client";
// Pieces of DataTable (./data-table.tsx): the columns' options, the sortable
// header cell, the body and footer cell, the selection controls, the empty /
// loading row and the arrow-key movement between rows. They take the few
// TanStack methods they call (structural types), so they work with any row type.
import type { CSSProperties, KeyboardEvent, ReactNode } from "react";
import { useHydrated } from "./use-hydrated";
import { Checkbox } from "./field";

/** A column's options (`meta` of its definition). */
export interface DataColumnMeta {
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
  /** Extra classes of the column's body cells. */
  cellClassName?: string;
  /** The column names its row: its cells are row headers (a report's period, a pivot's row label), the footer's label too. */
  rowHeader?: boolean;
  /** Stays at the left edge while a wide table scrolls sideways (the row labels). */
  sticky?: boolean;
  /** The content fills its cell (a button per cell): a hairline of padding instead of the density's. */
  fill?: boolean;
  /** Test id of each of the column's body cells. */
  cellTestId?: string;
  /** Tooltip of the column's header (what a metric means). */
  headerTitle?: string;
}

/** Where a sticky column's cells sit: each section has its own background, which the scrolled cells pass under. */
export const stickyClass = (meta: DataColumnMeta | undefined, section: "head" | "body" | "foot") =>
  meta?.sticky ? `sticky left-0 ${section === "body" ? "bg-white" : "bg-slate-50"}` : "";

type SortDir = false | "asc" | "desc";

interface SortableColumn {
  id: string;
  getIsSorted(): SortDir;
  getCanSort(): boolean;
  getToggleSortingHandler(): undefined | ((event: unknown) => void);
}

/**
 * A column header: a button that sorts (with ▲ ▼ ↕) when the column can be
 * sorted, plain otherwise. `truncate` cuts a long label in a fixed-width
 * column; `children` go after the label (a resize handle).
 */
export function SortableHeader({
  column,
  label,
  className,
  style,
  truncate = false,
  title,
  children,
}: {
  column: SortableColumn;
  label: ReactNode;
  className: string;
  style?: CSSProperties;
  truncate?: boolean;
  title?: string;
  children?: ReactNode;
}) {
  const sorted = column.getIsSorted();
  const canSort = column.getCanSort();
  return (
    <th
      scope="col"
      data-column={column.id}
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : canSort ? "none" : undefined}
      style={style}
      title={title}
      className={className}
    >
      {canSort ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className={`inline-flex ${truncate ? "max-w-full " : ""}items-center gap-1 uppercase hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none`}
        >
          {truncate ? <span className="truncate">{label}</span> : label}
          <SortMark dir={sorted} />
        </button>
      ) : (
        label
      )}
      {children}
    </th>
  );
}

function SortMark({ dir }: { dir: SortDir }) {
  return (
    <span aria-hidden="true" className={`text-[10px] ${dir ? "text-slate-700" : "text-slate-300"}`}>
      {dir === "desc" ? "▼" : dir === "asc" ? "▲" : "↕"}
    </span>
  );
}

/**
 * The header checkbox: every selectable row of the page, indeterminate when
 * some are selected; disabled when no row of the page may be selected.
 * (Read from the rows: TanStack's memoised page-wide answer can lag one
 * controlled update behind.) Selection controls wait for hydration: a click on
 * the server-rendered box would tick it without selecting anything.
 */
export function SelectAllCheckbox({
  table,
  label,
}: {
  table: {
    getRowModel(): { rows: { getCanSelect(): boolean; getIsSelected(): boolean }[] };
    getToggleAllPageRowsSelectedHandler(): (event: unknown) => void;
  };
  label: string;
}) {
  const hydrated = useHydrated();
  const selectable = table.getRowModel().rows.filter((row) => row.getCanSelect());
  const selected = selectable.filter((row) => row.getIsSelected()).length;
  return (
    <Checkbox
      aria-label={label}
      checked={selectable.length > 0 && selected === selectable.length}
      indeterminate={selected > 0}
      disabled={selectable.length === 0 || !hydrated}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

/** A row's checkbox (several rows) or radio button (one row: `name` groups the page's radios). */
export function SelectRowControl({
  row,
  label,
  name,
}: {
  row: { getIsSelected(): boolean; getCanSelect(): boolean; getToggleSelectedHandler(): (event: unknown) => void; toggleSelected(value?: boolean): void };
  label: string;
  /** Set for single selection. */
  name?: string;
}) {
  const hydrated = useHydrated();
  const disabled = !row.getCanSelect() || !hydrated;
  if (name) {
    return (
      <input
        type="radio"
        name={name}
        aria-label={label}
        checked={row.getIsSelected()}
        disabled={disabled}
        onChange={() => row.toggleSelected(true)}
        className="h-4 w-4 accent-primary disabled:cursor-not-allowed disabled:opacity-50"
      />
    );
  }
  return <Checkbox aria-label={label} checked={row.getIsSelected()} disabled={disabled} onChange={row.getToggleSelectedHandler()} />;
}

/**
 * A body or footer cell: the density's padding, numbers right-aligned, a row
 * header (<th scope="row">) for a column that names its row. The column's own
 * classes and test id are its body cells'; the footer keeps one style.
 */
export function DataCell({
  meta,
  padding,
  section,
  column,
  children,
}: {
  meta: DataColumnMeta | undefined;
  padding: string;
  section: "body" | "foot";
  /** The column's id, marked on footer cells. */
  column?: string;
  children: ReactNode;
}) {
  const body = section === "body";
  const className = [
    meta?.fill ? "p-0.5" : padding,
    meta?.numeric ? "text-right tabular-nums" : meta?.rowHeader ? "text-left" : "",
    meta?.rowHeader && body ? "font-medium" : "",
    stickyClass(meta, section),
    body ? (meta?.cellClassName ?? "") : "",
  ]
    .filter(Boolean)
    .join(" ");
  const attributes = { className, "data-column": column, "data-testid": body ? meta?.cellTestId : undefined };
  return meta?.rowHeader ? (
    <th scope="row" {...attributes}>
      {children}
    </th>
  ) : (
    <td {...attributes}>{children}</td>
  );
}

/** The one row of a table without rows (or still loading): full width, centred, test id empty-state. */
export function EmptyRow({ colSpan, children, alert = false }: { colSpan: number; children: ReactNode; alert?: boolean }) {
  return (
    <tr>
      <td colSpan={colSpan} role={alert ? "alert" : undefined} className="px-4 py-10 text-center text-slate-500" data-testid="empty-state">
        {children}
      </td>
    </tr>
  );
}

const ROW_KEYS = new Set(["ArrowDown", "ArrowUp"]);

/**
 * ArrowDown / ArrowUp on a checkbox, button or link of a row moves the focus to
 * the same control of the next / previous row, so a keyboard user walks a
 * column (ticking boxes with Space) without tabbing through every cell.
 * Radios, selects and text fields keep their own arrow keys.
 */
export function moveFocusBetweenRows(e: KeyboardEvent<HTMLTableSectionElement>) {
  if (!ROW_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const target = e.target as HTMLElement;
  const ownsArrows = target.matches("select, textarea, input:not([type=checkbox])");
  const cell = target.closest("td, th");
  const row = cell?.parentElement;
  if (ownsArrows || !cell || !row || !e.currentTarget.contains(row)) return;
  const rows = [...e.currentTarget.rows];
  const next = rows[rows.indexOf(row as HTMLTableRowElement) + (e.key === "ArrowDown" ? 1 : -1)];
  const sameCell = next?.cells[(cell as HTMLTableCellElement).cellIndex];
  const control = sameCell?.querySelector<HTMLElement>("input:not([disabled]), button:not([disabled]), a[href]");
  if (!control) return;
  e.preventDefault();
  control.focus();
}
