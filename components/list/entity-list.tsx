"use client";
// A list on the client: toolbar, bulk bar, table and pagination around what
// the server rendered for the URL (lib/entities/lists.ts loadListView). Bulk
// and row actions ask for confirmation (business.md 4), call the one bulk
// status action, show the result for 2500 ms (shell.md 8) and reload the rows.
//
// EntityList is the whole list; a page with more around its list (a create
// dialog, a drawer) holds the list's state with useEntityList and renders
// EntityListView, passing the row controls and cells of its entity.
import type { ActionResult } from "@/lib/actions/result";
import { setActiveByFilterAction, setActiveInBulkAction } from "@/lib/entities/actions";
import type { ListView } from "@/lib/list/types";
import { ListStatusBar, ListStatusConfirm, useListStatusActions } from "./list-status-actions";
import { ListTable, type ListTableProps } from "./list-table";
import { ListToolbar } from "./list-toolbar";
import { useListNavigation } from "./use-list-navigation";

type SetActive = (ids: number[], active: boolean) => Promise<ActionResult<{ total: number }> | null>;

/** The state of a list on the page: its URL navigation and its status actions (with `show` for other alerts). */
export function useEntityList(view: ListView, setActive?: SetActive) {
  const { navigate, refresh, pending } = useListNavigation(view);
  const actions = useListStatusActions({
    rows: view.rows,
    names: view.names,
    setActive:
      setActive ??
      ((ids, active) =>
        setActiveInBulkAction({ entity: view.entity, ids, active, ...(view.scope?.advertiserId ? { advertiserId: view.scope.advertiserId } : {}) })),
    // A list with its own status action (one row at a time) offers no 'select all matching'.
    matching: setActive
      ? undefined
      : {
          total: view.total,
          setActive: (active) => {
            const { q, status, advertiserId, campaignId } = view.state;
            return setActiveByFilterAction({ entity: view.entity, filters: { q, status, advertiserId, campaignId }, scope: view.scope ?? undefined, active });
          },
        },
    refresh,
  });
  return { navigate, refresh, pending, actions };
}

export type EntityListState = ReturnType<typeof useEntityList>;

export function EntityListView({
  view,
  list,
  alertTestId,
  ...table
}: { view: ListView; list: EntityListState; alertTestId?: string } & Pick<
  ListTableProps,
  "rowActions" | "actionsHeader" | "cells"
>) {
  const { navigate, pending, actions } = list;
  return (
    <div className="space-y-4">
      <ListToolbar view={view} navigate={navigate} />
      <ListStatusBar actions={actions} writeControls={view.writeControls} selectable={view.selectable} alertTestId={alertTestId} links={view.bulkLinks} />
      <ListTable
        view={view}
        rowSelection={actions.rowSelection}
        onRowSelectionChange={actions.onRowSelectionChange}
        navigate={navigate}
        onRowAction={actions.askRowAction}
        pending={pending}
        {...table}
      />
      <ListStatusConfirm actions={actions} />
    </div>
  );
}

export function EntityList({ view }: { view: ListView }) {
  const list = useEntityList(view);
  return <EntityListView view={view} list={list} />;
}
