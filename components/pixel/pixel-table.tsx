"use client";
// The pixel list's table on TanStack Table 9 (shell.md 3 pixel list: select,
// action, active status, name, id, userFcap, fcapDuration, type, conversions).
// The server pages and sorts (manualPagination / manualSorting): the table
// holds the state, which lives in the URL, and the selection of the page's
// rows. Read-only users get neither the select nor the Action column
// (shell.md 6); demo users see both disabled.
import { useEffect, useMemo, useRef } from "react";
import Link from "next/link";
import {
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
import { ListPagination } from "@/components/list/list-pagination";
import type { PixelListView, PixelRowView } from "@/lib/pixels/list";
import type { ListUrlState } from "@/lib/list/url-state";

export type WriteMode = "enabled" | "disabled" | "hidden";

export const EMPTY_TEXT = "No Pixel found.";

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, PixelRowView>();

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;

const ACTION_BUTTON =
  "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

const NUMERIC = new Set(["id", "fcapDuration", "conversions"]);

export interface PixelTableProps {
  advertiserId: number;
  view: PixelListView;
  mode: WriteMode;
  rowSelection: RowSelectionState;
  onRowSelectionChange(next: RowSelectionState): void;
  navigate(patch: Partial<ListUrlState>): void;
  onRowAction(ids: number[], active: boolean): void;
  pending: boolean;
}

export function PixelTable({ advertiserId, view, mode, rowSelection, onRowSelectionChange, navigate, onRowAction, pending }: PixelTableProps) {
  const enabled = mode === "enabled";
  const withControls = mode !== "hidden";

  const columns = useMemo(
    () =>
      helper.columns([
        ...(withControls
          ? [
              helper.display({
                id: "select",
                header: ({ table }) => (
                  <Checkbox
                    label="Select all pixels on this page"
                    checked={table.getIsAllPageRowsSelected()}
                    indeterminate={table.getIsSomePageRowsSelected()}
                    disabled={!enabled || table.getRowModel().rows.length === 0}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                ),
                cell: ({ row }) => (
                  <Checkbox label={`Select ${row.original.name}`} checked={row.getIsSelected()} disabled={!enabled} onChange={row.getToggleSelectedHandler()} />
                ),
              }),
              helper.display({
                id: "action",
                header: "Action",
                cell: ({ row }) => (
                  <div className="flex items-center gap-2">
                    <button
                      type="button"
                      disabled={!enabled}
                      onClick={() => onRowAction([row.original.id], !row.original.active)}
                      className={ACTION_BUTTON}
                      data-testid="pixel-row-toggle"
                    >
                      {row.original.active ? "Deactivate" : "Activate"}
                    </button>
                    {enabled ? (
                      <Link href={`/advertiser/${advertiserId}/pixel/edit/${row.original.id}`} className={ACTION_BUTTON} data-testid="pixel-row-edit">
                        Edit
                      </Link>
                    ) : (
                      <button type="button" disabled className={ACTION_BUTTON} data-testid="pixel-row-edit">
                        Edit
                      </button>
                    )}
                  </div>
                ),
              }),
            ]
          : []),
        helper.accessor("active", { id: "active", header: "Status", sortDescFirst: true, cell: ({ row }) => <StatusDot active={row.original.active} /> }),
        helper.accessor("name", {
          id: "name",
          header: "Name",
          cell: ({ row }) => (
            <Link href={`/advertiser/${advertiserId}/pixel/details/${row.original.id}`} prefetch={false} title={row.original.name} className="block truncate font-medium text-primary hover:underline" data-testid="pixel-name">
              {row.original.name}
            </Link>
          ),
        }),
        helper.accessor("id", { id: "id", header: "ID", sortDescFirst: true }),
        helper.accessor("userFcap", { id: "userFcap", header: "User F-Cap", cell: ({ row }) => <span data-testid="pixel-user-fcap">{row.original.userFcap}</span> }),
        helper.accessor("fcapDuration", { id: "fcapDuration", header: "F-Cap Duration (s)" }),
        helper.accessor("typeName", { id: "type", header: "Type", cell: ({ row }) => <span data-testid="pixel-type">{row.original.typeName}</span> }),
        helper.accessor("conversions", {
          id: "conversions",
          header: () => <span title="Times fired in the last 6 months">Conversions</span>,
          sortDescFirst: true,
          cell: ({ row }) => <span data-testid="pixel-conversions">{row.original.conversions.toLocaleString("en-US")}</span>,
        }),
      ]),
    [withControls, enabled, advertiserId, onRowAction],
  );

  const sorting = useMemo<SortingState>(() => (view.state.sort ? [{ id: view.state.sort.field, desc: view.state.sort.desc }] : []), [view.state.sort]);
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
        <table className="w-full text-left text-sm" data-testid="pixel-table">
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
                      className={`px-3 py-3 whitespace-nowrap ${NUMERIC.has(header.column.id) ? "text-right" : ""}`}
                    >
                      {canSort ? (
                        <button type="button" onClick={header.column.getToggleSortingHandler()} className="inline-flex items-center gap-1 uppercase hover:text-slate-800">
                          <table.FlexRender header={header} />
                          <SortMark dir={sorted} />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
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
                  {EMPTY_TEXT}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} data-testid="pixel-row" data-row-id={row.original.id} className={row.getIsSelected() ? "bg-accent/60" : "hover:bg-slate-50"}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={`max-w-72 px-3 py-2.5 ${NUMERIC.has(cell.column.id) ? "text-right tabular-nums" : ""}`}>
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
