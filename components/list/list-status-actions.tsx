"use client";
// Bulk and per-row activate / deactivate of a server-paged list (shell.md 4):
// the selection of the page's rows, the question titled 'Warning'
// (business.md 4), the call, the result for 2500 ms (shell.md 8) and a reload
// of the rows and the menus (business.md 4: the menu cache is invalidated). A
// refused session signs out (shell.md 8). Every list on components/list shares
// it; lists differ in the action they call and the names in the messages.
import { useCallback, useRef, useState, useTransition } from "react";
import type { RowSelectionState } from "@tanstack/react-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { expiredSession } from "@/components/account/session-events";
import { useInvalidateMenus } from "@/components/shell/menu-invalidation";
import type { ActionResult } from "@/lib/actions/result";
import { bulkErrorFallback, bulkQuestion, bulkResultMessage } from "@/lib/list/messages";
import type { ListNames, WriteControls } from "@/lib/list/types";
import { BulkBar } from "./bulk-bar";
import { ListAlert, type ListAlertState } from "./list-alert";

const NONE: RowSelectionState = {};

export function useListStatusActions({
  rows,
  names,
  setActive,
  refresh,
}: {
  rows: { id: number; active: boolean }[];
  names: ListNames;
  /** The server action; one that may throw is given with `.catch(() => null)` (reported as a failure). */
  setActive(ids: number[], active: boolean): Promise<ActionResult<{ total: number }> | null>;
  refresh(): void;
}) {
  // A selection belongs to the rows it was made on: new rows (another page,
  // a filter, statuses after an action) start with nothing selected.
  const rowsKey = rows.map((r) => `${r.id}:${r.active ? 1 : 0}`).join(",");
  const [selection, setSelection] = useState<{ key: string; ids: RowSelectionState }>({ key: rowsKey, ids: NONE });
  const rowSelection = selection.key === rowsKey ? selection.ids : NONE;
  const selectedIds = Object.keys(rowSelection).map(Number);

  const [alert, setAlert] = useState<ListAlertState | null>(null);
  const alertSeq = useRef(0);
  const clearAlert = useCallback(() => setAlert(null), []);
  const show = (kind: ListAlertState["kind"], message: string) => {
    alertSeq.current += 1;
    setAlert({ id: alertSeq.current, kind, message });
  };

  const [confirm, setConfirm] = useState<{ ids: number[]; active: boolean } | null>(null);
  const [busy, startAction] = useTransition();
  const invalidateMenus = useInvalidateMenus();
  const askRowAction = useCallback((ids: number[], active: boolean) => setConfirm({ ids, active }), []);

  function run() {
    if (!confirm) return;
    const { ids, active } = confirm;
    startAction(async () => {
      const result = await setActive(ids, active);
      setConfirm(null);
      if (expiredSession(result)) return; // the sign-in page is loading
      if (result?.ok) {
        show("success", bulkResultMessage(names, active, result.data.total));
        setSelection({ key: rowsKey, ids: NONE });
        invalidateMenus();
        refresh();
      } else {
        show("error", result?.formError ?? bulkErrorFallback(names, active));
      }
    });
  }

  return {
    names,
    rowSelection,
    onRowSelectionChange: (ids: RowSelectionState) => setSelection({ key: rowsKey, ids }),
    selectedIds,
    /** For the table's Action column: asks before changing `ids`. */
    askRowAction,
    askBulkAction: (active: boolean) => setConfirm({ ids: selectedIds, active }),
    confirm,
    cancel: () => setConfirm(null),
    run,
    busy,
    alert,
    clearAlert,
    /** Reports something else done on the list (a row created). */
    show,
  };
}

type ListStatusActions = ReturnType<typeof useListStatusActions>;

/**
 * Above the table: the bulk buttons (only for lists whose rows can be
 * selected; none for read-only users) and the result alert.
 */
export function ListStatusBar({
  actions,
  writeControls,
  selectable = true,
  alertTestId,
}: {
  actions: ListStatusActions;
  writeControls: WriteControls;
  selectable?: boolean;
  /** The alert's test id (default 'list-alert'). */
  alertTestId?: string;
}) {
  return (
    <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
      {writeControls !== "hidden" && selectable ? (
        <BulkBar
          selected={actions.selectedIds.length}
          enabled={writeControls === "enabled"}
          busy={actions.busy}
          onAction={actions.askBulkAction}
        />
      ) : (
        <span />
      )}
      <ListAlert alert={actions.alert} onClear={actions.clearAlert} testId={alertTestId} />
    </div>
  );
}

/** The 'Warning' question before the change. */
export function ListStatusConfirm({ actions }: { actions: ListStatusActions }) {
  const { confirm } = actions;
  return (
    <ConfirmDialog
      open={confirm !== null}
      title="Warning"
      message={bulkQuestion(actions.names, confirm?.active ?? false, confirm?.ids.length ?? 0)}
      busy={actions.busy}
      onConfirm={actions.run}
      onCancel={actions.cancel}
    />
  );
}
