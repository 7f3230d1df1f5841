"use client";
// Bulk and per-row activate / deactivate of a server-paged list (shell.md 4):
// the selection of the page's rows, the question titled 'Warning'
// (business.md 4), the call, the result for 2500 ms (shell.md 8) and a reload
// of the rows and the menus (business.md 4: the menu cache is invalidated). A
// refused session signs out (shell.md 8). Every list on components/list shares
// it; lists differ in the action they call and the names in the messages.
// With `matching`, a page whose every row is selected offers 'Select all N
// matching': the change then applies on the server to every row the list's
// filters match (all pages), named by the filters, not by ids.
import { useCallback, useRef, useState, useTransition } from "react";
import type { RowSelectionState } from "@tanstack/react-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { expiredSession } from "@/components/account/session-events";
import { useInvalidateMenus } from "@/components/shell/menu-invalidation";
import type { ActionResult } from "@/lib/actions/result";
import { bulkErrorFallback, bulkQuestion, bulkResultMessage } from "@/lib/list/messages";
import type { ListBulkLink, ListNames, WriteControls } from "@/lib/list/types";
import { BulkBar, BulkLink } from "./bulk-bar";
import { ListAlert, type ListAlertState } from "./list-alert";

const NONE: RowSelectionState = {};

export function useListStatusActions({
  rows,
  names,
  setActive,
  matching,
  refresh,
}: {
  rows: { id: number; active: boolean }[];
  names: ListNames;
  /** The server action; one that may throw is given with `.catch(() => null)` (reported as a failure). */
  setActive(ids: number[], active: boolean): Promise<ActionResult<{ total: number }> | null>;
  /** Every row the filters match (`total`, over all pages) and the action changing them all. */
  matching?: { total: number; setActive(active: boolean): Promise<ActionResult<{ total: number }> | null> };
  refresh(): void;
}) {
  // A selection belongs to the rows it was made on: new rows (another page,
  // a filter, statuses after an action) start with nothing selected.
  const rowsKey = rows.map((r) => `${r.id}:${r.active ? 1 : 0}`).join(",");
  const [selection, setSelection] = useState<{ key: string; ids: RowSelectionState; allMatching?: boolean }>({ key: rowsKey, ids: NONE });
  const rowSelection = selection.key === rowsKey ? selection.ids : NONE;
  const selectedIds = Object.keys(rowSelection).map(Number);
  // 'Select all N matching' is offered once the whole page is selected and more rows match than the page shows.
  const pageSelected = rows.length > 0 && selectedIds.length === rows.length;
  const canSelectAllMatching = matching !== undefined && pageSelected && matching.total > rows.length;
  const allMatching = canSelectAllMatching && selection.key === rowsKey && selection.allMatching === true;

  const [alert, setAlert] = useState<ListAlertState | null>(null);
  const alertSeq = useRef(0);
  const clearAlert = useCallback(() => setAlert(null), []);
  const show = (kind: ListAlertState["kind"], message: string) => {
    alertSeq.current += 1;
    setAlert({ id: alertSeq.current, kind, message });
  };

  const [confirm, setConfirm] = useState<{ ids: number[]; active: boolean; matching?: number } | null>(null);
  const [busy, startAction] = useTransition();
  const invalidateMenus = useInvalidateMenus();
  const askRowAction = useCallback((ids: number[], active: boolean) => setConfirm({ ids, active }), []);

  function run() {
    if (!confirm) return;
    const { ids, active } = confirm;
    startAction(async () => {
      const result = confirm.matching !== undefined && matching ? await matching.setActive(active) : await setActive(ids, active);
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
    askBulkAction: (active: boolean) => setConfirm({ ids: selectedIds, active, ...(allMatching ? { matching: matching!.total } : {}) }),
    /** 'Select all N matching' is offered (null: not offered), and whether it is chosen. */
    selectAllMatching: canSelectAllMatching
      ? {
          total: matching!.total,
          chosen: allMatching,
          choose: () => setSelection({ key: rowsKey, ids: rowSelection, allMatching: true }),
          clear: () => setSelection({ key: rowsKey, ids: NONE }),
        }
      : null,
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
  links,
}: {
  actions: ListStatusActions;
  writeControls: WriteControls;
  selectable?: boolean;
  /** Pages opened for the selected rows (ListView.bulkLinks). */
  links?: ListBulkLink[];
  /** The alert's test id (default 'list-alert'). */
  alertTestId?: string;
}) {
  return (
    <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
      {writeControls !== "hidden" && selectable ? (
        <BulkBar
          selected={actions.selectAllMatching?.chosen ? actions.selectAllMatching.total : actions.selectedIds.length}
          selectAll={actions.selectAllMatching}
          enabled={writeControls === "enabled"}
          busy={actions.busy}
          onAction={actions.askBulkAction}
        >
          {links?.map((link) => (
            <BulkLink
              key={link.testId}
              link={link}
              ids={actions.selectAllMatching?.chosen ? null : actions.selectedIds}
              enabled={writeControls === "enabled" && !actions.busy}
            />
          ))}
        </BulkBar>
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
      message={bulkQuestion(actions.names, confirm?.active ?? false, confirm?.matching ?? confirm?.ids.length ?? 0)}
      busy={actions.busy}
      onConfirm={actions.run}
      onCancel={actions.cancel}
    />
  );
}
