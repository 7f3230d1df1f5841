"use client";
// The table of a list (components/ui/data-table): the view's columns (link,
// status, text and number cells; widths the user can resize), the select
// column and the Action column for users who may act (shell.md 6). The server
// pages and sorts; the sort, page and size live in the URL (`navigate`
// changes them), the selection of the page's rows in the list's state.
import { useMemo, type ReactNode } from "react";
import Link from "next/link";
import type { RowSelectionState } from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { StatusDot } from "@/components/ui/status-dot";
import type { ListColumn, ListRowView, ListView } from "@/lib/list/types";
import type { ListUrlState } from "@/lib/list/url-state";

const column = createDataColumns<ListRowView>();

/** shell.md 9: column widths clamp to 25..640 px, link cells at least 200. */
const WIDTH = { min: 25, max: 640, linkMin: 200 } as const;

export interface ListTableProps {
  view: ListView;
  rowSelection: RowSelectionState;
  onRowSelectionChange(next: RowSelectionState): void;
  navigate(patch: Partial<ListUrlState>): void;
  onRowAction(ids: number[], active: boolean): void;
  pending: boolean;
  /**
   * The row's controls in the Action column, instead of the Activate /
   * Deactivate button (an Edit button beside it, a feed's 'Refresh now').
   */
  rowActions?(row: ListRowView): ReactNode;
  /** The Action column's header ('Action'). */
  actionsHeader?: string;
  /** Cells drawn by the list's own view instead of as text (a feed's status badge), by column id. */
  cells?: Partial<Record<string, (row: ListRowView) => ReactNode>>;
}

/** The Activate / Deactivate button of a row (the Action column's default control). */
export function RowStatusButton({ row, enabled, onClick, testId }: { row: ListRowView; enabled: boolean; onClick(): void; testId?: string }) {
  return (
    <Button size="xs" disabled={!enabled} onClick={onClick} data-testid={testId}>
      {row.active ? "Deactivate" : "Activate"}
    </Button>
  );
}

function dataColumn(c: ListColumn, render?: (row: ListRowView) => ReactNode, newTab = false) {
  const link = c.kind === "link";
  return column.accessor((row) => row.cells[c.id] ?? "", {
    id: c.id,
    header: () => <span title={c.hover}>{c.header}</span>,
    enableSorting: c.sortable,
    sortDescFirst: c.sortDescFirst,
    // Wide enough for the header text; the user can resize within the clamp.
    size: link ? 240 : c.kind === "status" ? 120 : Math.min(WIDTH.max, Math.max(130, c.header.length * 9 + 44)),
    minSize: link ? WIDTH.linkMin : WIDTH.min,
    maxSize: WIDTH.max,
    meta: { numeric: c.kind === "number" },
    cell: ({ row }) => {
      const text = row.original.cells[c.id] ?? "";
      if (render) return render(row.original);
      if (c.kind === "status") return <StatusDot active={row.original.active} label />;
      const href = row.original.href;
      if (link && href) {
        // A details link within the same page (a feed's drawer, "?feed=") keeps the scroll position.
        return (
          <Link
            href={href}
            prefetch={false}
            scroll={!href.includes("?")}
            {...(newTab ? { target: "_blank", rel: "noopener" } : {})}
            title={newTab ? `${text} (opens in a new tab)` : text}
            data-testid={c.testId}
            className="block truncate font-medium text-primary hover:underline"
          >
            {text}
          </Link>
        );
      }
      return (
        <span title={text} data-testid={c.testId} className="block truncate">
          {text}
        </span>
      );
    },
  });
}

export function ListTable({
  view,
  rowSelection,
  onRowSelectionChange,
  navigate,
  onRowAction,
  pending,
  rowActions,
  actionsHeader = "Action",
  cells,
}: ListTableProps) {
  const { writeControls, names, testId, state } = view;
  const enabled = writeControls === "enabled";
  const withControls = writeControls !== "hidden"; // read-only users: no selection, no Action column (shell.md 6)
  const selectable = withControls && view.selectable;

  const columns = useMemo(
    () => [
      ...view.columns.map((c) => dataColumn(c, cells?.[c.id], view.detailsInNewTab)),
      ...(withControls
        ? [
            column.display({
              id: "action",
              header: actionsHeader,
              size: rowActions ? 180 : 120,
              minSize: 100,
              maxSize: WIDTH.max,
              cell: ({ row }) =>
                rowActions ? (
                  rowActions(row.original)
                ) : (
                  <RowStatusButton row={row.original} enabled={enabled} onClick={() => onRowAction([row.original.id], !row.original.active)} />
                ),
            }),
          ]
        : []),
    ],
    [view.columns, view.detailsInNewTab, withControls, enabled, onRowAction, rowActions, actionsHeader, cells],
  );

  return (
    <DataTable
      columns={columns}
      rows={view.rows}
      rowId={(row) => row.id}
      emptyText={view.emptyText}
      loading={pending}
      resizable
      testId={`${testId}-table`}
      rowAttributes={(row) => ({ "data-testid": `${testId}-row`, "data-row-id": row.id })}
      footer={
        view.totals
          ? {
              // Sums over every matching row, not only this page's.
              label: <span title={`All ${view.total} ${view.total === 1 ? names.singular : names.plural} matching the filters`}>Total</span>,
              labelColumn: "name",
              cells: view.totals,
              testId: `${testId}-totals`,
            }
          : undefined
      }
      sort={{
        value: state.sort ? { id: state.sort.field, desc: state.sort.desc } : null,
        onChange: (next) => navigate({ sort: next ? { field: next.id, desc: next.desc } : null, page: 1 }),
      }}
      paging={{
        pageIndex: state.page - 1,
        pageSize: state.size,
        total: view.total,
        pageSizes: view.pageSizes,
        onChange: ({ pageIndex, pageSize }) => navigate(pageSize !== state.size ? { size: pageSize, page: 1 } : { page: pageIndex + 1 }),
      }}
      selection={
        selectable
          ? {
              value: rowSelection,
              onChange: onRowSelectionChange,
              canSelect: enabled,
              rowLabel: (row) => `Select ${row.cells.name ?? row.id}`,
              allLabel: `Select all ${names.plural} on this page`,
            }
          : undefined
      }
    />
  );
}
