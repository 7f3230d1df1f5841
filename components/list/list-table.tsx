"use client";
// The table of a dashboard list on TanStack Table 9. The server pages and
// sorts (manualPagination / manualSorting): the table only holds the state,
// which lives in the URL, and the selection of rows on the page.
import { useEffect, useMemo, useRef } from "react";
import Link from "next/link";
import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { StatusDot } from "@/components/common/status-dot";
import { LIST_ENTITY_CONFIG } from "@/lib/list/entities";
import type { ListColumn, ListRowView, ListView } from "@/lib/list/types";
import type { ListUrlState } from "@/lib/list/url-state";
import { ListPagination } from "./list-pagination";

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnSizingFeature,
  columnResizingFeature,
});
const helper = createColumnHelper<typeof features, ListRowView>();

/** shell.md 9: column widths clamp to 25..640 px, link cells at least 200. */
const WIDTH = { min: 25, max: 640, linkMin: 200 } as const;

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;

export interface ListTableProps {
  view: ListView;
  rowSelection: RowSelectionState;
  onRowSelectionChange(next: RowSelectionState): void;
  navigate(patch: Partial<ListUrlState>): void;
  onRowAction(ids: number[], active: boolean): void;
  pending: boolean;
}

function dataColumn(c: ListColumn) {
  const link = c.kind === "link";
  return helper.accessor((row) => row.cells[c.id] ?? "", {
    id: c.id,
    header: () => <span title={c.hover}>{c.header}</span>,
    enableSorting: c.sortable,
    sortDescFirst: c.sortDescFirst,
    // Wide enough for the header text; the user can resize within the clamp.
    size: link ? 240 : c.kind === "status" ? 120 : Math.min(WIDTH.max, Math.max(130, c.header.length * 9 + 44)),
    minSize: link ? WIDTH.linkMin : WIDTH.min,
    maxSize: WIDTH.max,
    cell: ({ row }) => {
      const text = row.original.cells[c.id] ?? "";
      if (c.kind === "status") return <StatusDot active={row.original.active} />;
      if (link) {
        return (
          <Link href={row.original.href} prefetch={false} title={text} className="block truncate font-medium text-primary hover:underline">
            {text}
          </Link>
        );
      }
      return (
        <span title={text} className="block truncate">
          {text}
        </span>
      );
    },
  });
}

export function ListTable({ view, rowSelection, onRowSelectionChange, navigate, onRowAction, pending }: ListTableProps) {
  const { entity, writeControls } = view;
  const config = LIST_ENTITY_CONFIG[entity];
  const enabled = writeControls === "enabled";
  const withControls = writeControls !== "hidden"; // read-only users: no selection, no Action column (shell.md 6)

  const columns = useMemo(
    () =>
      helper.columns([
      ...(withControls
        ? [
            helper.accessor(() => "", {
              id: "select",
              enableSorting: false,
              enableResizing: false,
              size: 44,
              minSize: 44,
              header: ({ table }) => (
                <Checkbox
                  label={`Select all ${config.plural} on this page`}
                  checked={table.getIsAllPageRowsSelected()}
                  indeterminate={table.getIsSomePageRowsSelected()}
                  disabled={!enabled || table.getRowModel().rows.length === 0}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <Checkbox
                  label={`Select ${row.original.cells.name ?? row.original.id}`}
                  checked={row.getIsSelected()}
                  disabled={!enabled}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            }),
          ]
        : []),
      ...view.columns.map(dataColumn),
      ...(withControls
        ? [
            helper.accessor(() => "", {
              id: "action",
              header: "Action",
              enableSorting: false,
              size: 120,
              minSize: 100,
              maxSize: WIDTH.max,
              cell: ({ row }) => (
                <button
                  type="button"
                  disabled={!enabled}
                  onClick={() => onRowAction([row.original.id], !row.original.active)}
                  className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  {row.original.active ? "Deactivate" : "Activate"}
                </button>
              ),
            }),
          ]
        : []),
      ]),
    [view.columns, withControls, enabled, config.plural, onRowAction],
  );

  const sorting = useMemo<SortingState>(
    () => (view.state.sort ? [{ id: view.state.sort.field, desc: view.state.sort.desc }] : []),
    [view.state.sort],
  );
  const pagination: PaginationState = { pageIndex: view.state.page - 1, pageSize: view.state.size };

  const table = useTable({
    features,
    columns,
    data: view.rows,
    getRowId: (row) => String(row.id),
    rowCount: view.total,
    manualPagination: true,
    manualSorting: true,
    autoResetPageIndex: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: enabled,
    enableRowRangeSelection: false,
    columnResizeMode: "onChange",
    state: { sorting, pagination, rowSelection },
    onSortingChange: (updater) => {
      const next = apply(updater, sorting)[0];
      navigate({ sort: next ? { field: next.id, desc: next.desc } : null, page: 1 });
    },
    onPaginationChange: (updater) => {
      const next = apply(updater, pagination);
      navigate(next.pageSize !== pagination.pageSize ? { size: next.pageSize, page: 1 } : { page: next.pageIndex + 1 });
    },
    onRowSelectionChange: (updater) => onRowSelectionChange(apply(updater, rowSelection)),
  });

  const rows = table.getRowModel().rows;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs">
      <div className={`overflow-x-auto transition-opacity ${pending ? "opacity-60" : ""}`} aria-busy={pending}>
        <table
          className="w-full table-fixed text-left text-sm"
          style={{ minWidth: table.getTotalSize() }}
          data-testid={`${entity}-table`}
        >
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      data-column={header.column.id}
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : canSort ? "none" : undefined}
                      style={{ width: header.getSize() }}
                      className={`relative px-3 py-3 ${isNumeric(view.columns, header.column.id) ? "text-right" : ""}`}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex max-w-full items-center gap-1 uppercase hover:text-slate-800"
                        >
                          <span className="truncate">
                            <table.FlexRender header={header} />
                          </span>
                          <SortMark dir={sorted} />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                      {header.column.getCanResize() && (
                        <div
                          aria-hidden="true"
                          onMouseDown={header.getResizeHandler()}
                          onTouchStart={header.getResizeHandler()}
                          onClick={(e) => e.stopPropagation()}
                          className={`absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-slate-300 ${
                            header.column.getIsResizing() ? "bg-primary" : ""
                          }`}
                        />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-500" data-testid="empty-state">
                  {config.emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid={`${entity}-row`}
                  data-row-id={row.original.id}
                  className={row.getIsSelected() ? "bg-accent/60" : "hover:bg-slate-50"}
                >
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={`px-3 py-2.5 ${isNumeric(view.columns, cell.column.id) ? "text-right tabular-nums" : ""}`}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <ListPagination
        pageIndex={pagination.pageIndex}
        pageSize={pagination.pageSize}
        pageCount={table.getPageCount()}
        total={view.total}
        pageSizes={view.pageSizes}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        setPageIndex={(i) => table.setPageIndex(i)}
        setPageSize={(s) => table.setPageSize(s)}
      />
    </div>
  );
}

function isNumeric(columns: ListColumn[], id: string): boolean {
  return columns.find((c) => c.id === id)?.kind === "number";
}

function SortMark({ dir }: { dir: false | "asc" | "desc" }) {
  return (
    <span aria-hidden="true" className={`text-[10px] ${dir ? "text-slate-700" : "text-slate-300"}`}>
      {dir === "desc" ? "▼" : dir === "asc" ? "▲" : "↕"}
    </span>
  );
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
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate && !checked;
  }, [indeterminate, checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      className="h-4 w-4 rounded border-slate-300 accent-primary disabled:cursor-not-allowed disabled:opacity-50"
    />
  );
}
