"use client";
// The table of a dashboard list on TanStack Table 9. The server pages and
// sorts (manualPagination / manualSorting): the table only holds the state,
// which lives in the URL, and the selection of rows on the page.
import { useMemo } from "react";
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
  type RowSelectionState,
} from "@tanstack/react-table";
import { EmptyRow } from "@/components/common/empty-row";
import { StatusDot } from "@/components/common/status-dot";
import { LIST_ENTITY_CONFIG } from "@/lib/list/entities";
import type { ListColumn, ListRowView, ListView } from "@/lib/list/types";
import type { ListUrlState } from "@/lib/list/url-state";
import { SelectAllCheckbox, SelectRowCheckbox, ServerTablePagination, SortableHeader, useServerTableOptions } from "./table-parts";

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
              header: ({ table }) => <SelectAllCheckbox table={table} label={`Select all ${config.plural} on this page`} enabled={enabled} />,
              cell: ({ row }) => <SelectRowCheckbox row={row} label={`Select ${row.original.cells.name ?? row.original.id}`} enabled={enabled} />,
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

  const serverOptions = useServerTableOptions({ state: view.state, total: view.total, rowSelection, onRowSelectionChange, navigate });
  const table = useTable({
    features,
    columns,
    data: view.rows,
    getRowId: (row) => String(row.id),
    ...serverOptions,
    enableRowSelection: enabled,
    enableRowRangeSelection: false,
    columnResizeMode: "onChange",
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
                {group.headers.map((header) => (
                  <SortableHeader
                    key={header.id}
                    column={header.column}
                    label={<table.FlexRender header={header} />}
                    truncate
                    style={{ width: header.getSize() }}
                    className={`relative px-3 py-3 ${isNumeric(view.columns, header.column.id) ? "text-right" : ""}`}
                  >
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
                  </SortableHeader>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <EmptyRow colSpan={columns.length} text={config.emptyText} />
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
      <ServerTablePagination table={table} pagination={serverOptions.state.pagination} total={view.total} pageSizes={view.pageSizes} />
    </div>
  );
}

function isNumeric(columns: ListColumn[], id: string): boolean {
  return columns.find((c) => c.id === id)?.kind === "number";
}
