"use client";
// A dashboard list on the client: toolbar, bulk bar, table and pagination
// around what the server rendered for the URL. Bulk and row actions ask for
// confirmation (business.md 4), call the list's server action, show the
// result for 2500 ms (shell.md 8) and reload the rows.
import { setListRowsActiveAction } from "@/lib/list/actions";
import { LIST_ENTITY_CONFIG } from "@/lib/list/entities";
import type { ListView } from "@/lib/list/types";
import { ListStatusBar, ListStatusConfirm, useListStatusActions } from "./list-status-actions";
import { ListTable } from "./list-table";
import { ListToolbar } from "./list-toolbar";
import { useListNavigation } from "./use-list-navigation";

export function EntityList({ view }: { view: ListView }) {
  const { navigate, refresh, pending } = useListNavigation(view);
  const actions = useListStatusActions({
    rows: view.rows,
    names: LIST_ENTITY_CONFIG[view.entity],
    setActive: (ids, active) => setListRowsActiveAction(view.entity, ids, active),
    refresh,
  });

  return (
    <div className="space-y-4">
      <ListToolbar view={view} navigate={navigate} />
      <ListStatusBar actions={actions} writeControls={view.writeControls} />
      <ListTable
        view={view}
        rowSelection={actions.rowSelection}
        onRowSelectionChange={actions.onRowSelectionChange}
        navigate={navigate}
        onRowAction={actions.askRowAction}
        pending={pending}
      />
      <ListStatusConfirm actions={actions} />
    </div>
  );
}
