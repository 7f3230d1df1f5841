"use client";
// A dashboard list on the client: toolbar, bulk bar, table and pagination
// around what the server rendered for the URL. Bulk and row actions ask for
// confirmation (business.md 4), call the list's server action, show the
// result for 2500 ms (shell.md 8) and reload the rows.
import { useCallback, useRef, useState, useTransition } from "react";
import type { RowSelectionState } from "@tanstack/react-table";
import { ConfirmDialog } from "@/components/account/confirm-dialog";
import { setListRowsActiveAction } from "@/lib/list/actions";
import { bulkErrorFallback, bulkResultMessage, LIST_ENTITY_CONFIG } from "@/lib/list/entities";
import type { ListView } from "@/lib/list/types";
import { BulkBar } from "./bulk-bar";
import { ListAlert, type ListAlertState } from "./list-alert";
import { ListTable } from "./list-table";
import { ListToolbar } from "./list-toolbar";
import { useListNavigation } from "./use-list-navigation";

const NONE: RowSelectionState = {};

export function EntityList({ view }: { view: ListView }) {
  const { navigate, refresh, pending } = useListNavigation(view);
  const config = LIST_ENTITY_CONFIG[view.entity];
  // A selection belongs to the rows it was made on: new rows (another page,
  // a filter, statuses after an action) start with nothing selected.
  const rowsKey = view.rows.map((r) => `${r.id}:${r.active ? 1 : 0}`).join(",");
  const [selection, setSelection] = useState<{ key: string; ids: RowSelectionState }>({ key: rowsKey, ids: NONE });
  const rowSelection = selection.key === rowsKey ? selection.ids : NONE;
  const selectedIds = Object.keys(rowSelection).map(Number);

  const [alert, setAlert] = useState<ListAlertState | null>(null);
  const alertSeq = useRef(0);
  const clearAlert = useCallback(() => setAlert(null), []);
  const [confirm, setConfirm] = useState<{ ids: number[]; active: boolean } | null>(null);
  const [busy, startAction] = useTransition();

  const askRowAction = useCallback((ids: number[], active: boolean) => setConfirm({ ids, active }), []);

  function run() {
    if (!confirm) return;
    const { ids, active } = confirm;
    startAction(async () => {
      const result = await setListRowsActiveAction(view.entity, ids, active);
      setConfirm(null);
      alertSeq.current += 1;
      if (result.ok) {
        setAlert({ id: alertSeq.current, kind: "success", message: bulkResultMessage(view.entity, active, result.data.total) });
        setSelection({ key: rowsKey, ids: NONE });
        refresh();
      } else {
        setAlert({ id: alertSeq.current, kind: "error", message: result.formError ?? bulkErrorFallback(view.entity, active) });
      }
    });
  }

  const count = confirm?.ids.length ?? 0;
  const what = count === 1 ? `this ${config.singular}` : `${count} ${config.plural}`;
  return (
    <div className="space-y-4">
      <ListToolbar view={view} navigate={navigate} />
      <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
        {view.writeControls !== "hidden" ? (
          <BulkBar
            selected={selectedIds.length}
            enabled={view.writeControls === "enabled"}
            busy={busy}
            onAction={(active) => setConfirm({ ids: selectedIds, active })}
          />
        ) : (
          <span />
        )}
        <ListAlert alert={alert} onClear={clearAlert} />
      </div>
      <ListTable
        view={view}
        rowSelection={rowSelection}
        onRowSelectionChange={(ids) => setSelection({ key: rowsKey, ids })}
        navigate={navigate}
        onRowAction={askRowAction}
        pending={pending}
      />
      <ConfirmDialog
        open={confirm !== null}
        title="Warning"
        message={`Are you sure you want to ${confirm?.active ? "activate" : "deactivate"} ${what}?`}
        busy={busy}
        onConfirm={run}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
