"use client";
// The pixel list's table on TanStack Table 9 (shell.md 3 pixel list: select,
// action, active status, name, id, userFcap, fcapDuration, type, conversions).
// The server pages and sorts (manualPagination / manualSorting): the table
// holds the state, which lives in the URL, and the selection of the page's
// rows. Read-only users get neither the select nor the Action column
// (shell.md 6); demo users see both disabled.
import { useMemo } from "react";
import Link from "next/link";
import { createColumnHelper, rowPaginationFeature, rowSelectionFeature, rowSortingFeature, tableFeatures, useTable, type RowSelectionState } from "@tanstack/react-table";
import { EmptyRow } from "@/components/common/empty-row";
import { StatusDot } from "@/components/common/status-dot";
import {
  SelectAllCheckbox,
  SelectRowCheckbox,
  ServerTablePagination,
  SortableHeader,
  useServerTableOptions,
} from "@/components/list/table-parts";
import type { PixelListView, PixelRowView } from "@/lib/pixels/list";
import type { WriteControls } from "@/lib/list/types";
import type { ListUrlState } from "@/lib/list/url-state";

/** Same as the dashboard lists' write controls (shell.md 6). */
export type WriteMode = WriteControls;

export const EMPTY_TEXT = "No Pixel found.";

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, PixelRowView>();

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
                header: ({ table }) => <SelectAllCheckbox table={table} label="Select all pixels on this page" enabled={enabled} />,
                cell: ({ row }) => <SelectRowCheckbox row={row} label={`Select ${row.original.name}`} enabled={enabled} />,
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

  const serverOptions = useServerTableOptions({ state: view.state, total: view.total, rowSelection, onRowSelectionChange, navigate });
  const table = useTable({
    features,
    columns,
    data: view.rows,
    getRowId: (row) => String(row.id),
    ...serverOptions,
    enableRowSelection: enabled,
  });

  const rows = table.getRowModel().rows;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs">
      <div className={`overflow-x-auto transition-opacity ${pending ? "opacity-60" : ""}`} aria-busy={pending}>
        <table className="w-full text-left text-sm" data-testid="pixel-table">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortableHeader
                    key={header.id}
                    column={header.column}
                    label={<table.FlexRender header={header} />}
                    className={`px-3 py-3 whitespace-nowrap ${NUMERIC.has(header.column.id) ? "text-right" : ""}`}
                  />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <EmptyRow colSpan={columns.length} text={EMPTY_TEXT} />
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
      <ServerTablePagination table={table} pagination={serverOptions.state.pagination} total={view.total} pageSizes={view.pageSizes} />
    </div>
  );
}
