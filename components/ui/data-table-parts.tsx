"use client";
// Pieces of DataTable (./data-table.tsx): the sortable header cell, the
// selection controls, the empty / loading row and the arrow-key movement
// between rows. They take the few TanStack methods they call (structural
// types), so they work with any row type.
import type { CSSProperties, KeyboardEvent, ReactNode } from "react";
import { useHydrated } from "./use-hydrated";
import { Checkbox } from "./field";

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
  children,
}: {
  column: SortableColumn;
  label: ReactNode;
  className: string;
  style?: CSSProperties;
  truncate?: boolean;
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
  const cell = target.closest("td");
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
