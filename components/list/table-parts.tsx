"use client";
// Pieces of the server-paged TanStack tables (the dashboard lists of
// list-table.tsx and the pixel list): the URL-held sort, page and selection
// state, sortable header cells, the select checkboxes and the pagination bar. The tables differ in their columns, widths and test ids, so
// they share these parts rather than one table component.
//
// The parts take the few TanStack methods they call (structural types), so
// they work with any table's features and row type.
import { useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from "react";
import type { PaginationState, RowSelectionState, SortingState, Updater } from "@tanstack/react-table";
import type { ListUrlState } from "@/lib/list/url-state";
import { ListPagination } from "./list-pagination";
import { useHydrated } from "@/components/common/use-hydrated";

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;

/**
 * The useTable options of a table the server pages and sorts
 * (manualPagination / manualSorting): the table only holds the state, which
 * lives in the URL (`navigate` changes it), and the selection of the page's rows.
 */
export function useServerTableOptions({
  state,
  total,
  rowSelection,
  onRowSelectionChange,
  navigate,
}: {
  state: Pick<ListUrlState, "sort" | "page" | "size">;
  total: number;
  rowSelection: RowSelectionState;
  onRowSelectionChange(next: RowSelectionState): void;
  navigate(patch: Partial<ListUrlState>): void;
}) {
  const sorting = useMemo<SortingState>(() => (state.sort ? [{ id: state.sort.field, desc: state.sort.desc }] : []), [state.sort]);
  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.size };
  return {
    rowCount: total,
    manualPagination: true,
    manualSorting: true,
    autoResetPageIndex: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting, pagination, rowSelection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = apply(updater, sorting)[0];
      navigate({ sort: next ? { field: next.id, desc: next.desc } : null, page: 1 });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = apply(updater, pagination);
      navigate(next.pageSize !== pagination.pageSize ? { size: next.pageSize, page: 1 } : { page: next.pageIndex + 1 });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => onRowSelectionChange(apply(updater, rowSelection)),
  };
}

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
          className={`inline-flex ${truncate ? "max-w-full " : ""}items-center gap-1 uppercase hover:text-slate-800`}
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

/** The header checkbox: all rows of the page, indeterminate when some are selected. */
export function SelectAllCheckbox({
  table,
  label,
  enabled,
}: {
  table: {
    getIsAllPageRowsSelected(): boolean;
    getIsSomePageRowsSelected(): boolean;
    getRowModel(): { rows: unknown[] };
    getToggleAllPageRowsSelectedHandler(): (event: unknown) => void;
  };
  label: string;
  enabled: boolean;
}) {
  return (
    <Checkbox
      label={label}
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      disabled={!enabled || table.getRowModel().rows.length === 0}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

/** A row's checkbox. */
export function SelectRowCheckbox({
  row,
  label,
  enabled,
}: {
  row: { getIsSelected(): boolean; getToggleSelectedHandler(): (event: unknown) => void };
  label: string;
  enabled: boolean;
}) {
  return <Checkbox label={label} checked={row.getIsSelected()} disabled={!enabled} onChange={row.getToggleSelectedHandler()} />;
}

function Checkbox({
  label,
  checked,
  indeterminate = false,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled: boolean;
  onChange: (event: unknown) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate && !checked;
  }, [indeterminate, checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled || !hydrated}
      onChange={onChange}
      className="h-4 w-4 rounded border-slate-300 accent-primary disabled:cursor-not-allowed disabled:opacity-50"
    />
  );
}

/** The pagination bar of a server-paged table. */
export function ServerTablePagination({
  table,
  pagination,
  total,
  pageSizes,
}: {
  table: {
    getPageCount(): number;
    getCanPreviousPage(): boolean;
    getCanNextPage(): boolean;
    setPageIndex(index: number): void;
    setPageSize(size: number): void;
  };
  pagination: PaginationState;
  total: number;
  pageSizes: number[];
}) {
  return (
    <ListPagination
      pageIndex={pagination.pageIndex}
      pageSize={pagination.pageSize}
      pageCount={table.getPageCount()}
      total={total}
      pageSizes={pageSizes}
      canPrevious={table.getCanPreviousPage()}
      canNext={table.getCanNextPage()}
      setPageIndex={(i) => table.setPageIndex(i)}
      setPageSize={(s) => table.setPageSize(s)}
    />
  );
}
