"use client";
// The CONVERSION TRACKER tab of an advertiser (business.md 2:
// /advertiser/details/{id}/pixel): the pixel list, bulk and per-row activate /
// deactivate after a confirmation titled 'Warning' (business.md 4, shell.md 4),
// the result for 2500 ms (shell.md 8), and 'New Conversion Tracker' opening the
// form in a modal without leaving the list.
import { useCallback, useRef, useState, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import type { RowSelectionState } from "@tanstack/react-table";
import { ConfirmDialog, PRIMARY_BUTTON } from "@/components/account/confirm-dialog";
import { BulkBar } from "@/components/list/bulk-bar";
import { ListAlert, type ListAlertState } from "@/components/list/list-alert";
import { setPixelsActiveAction } from "@/lib/pixels/actions";
import type { PixelListView } from "@/lib/pixels/list";
import { listStateToSearchParams, type ListUrlState } from "@/lib/list/url-state";
import { PixelFormDialog } from "./pixel-form-dialog";
import { PixelTable, type WriteMode } from "./pixel-table";

const NONE: RowSelectionState = {};

function resultMessage(active: boolean, count: number): string {
  return `Successfully ${active ? "activated" : "de-activated"} ${count === 1 ? "pixel" : `${count} pixels`}`;
}
function failureMessage(active: boolean): string {
  return `Error while ${active ? "activating" : "de-activating"} pixel!!`;
}

export function PixelList({ advertiserId, view, mode, notice }: { advertiserId: number; view: PixelListView; mode: WriteMode; notice?: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startNavigation] = useTransition();
  const [busy, startAction] = useTransition();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<{ ids: number[]; active: boolean } | null>(null);
  const [alert, setAlert] = useState<ListAlertState | null>(null);
  const alertSeq = useRef(0);
  const clearAlert = useCallback(() => setAlert(null), []);
  const show = (kind: ListAlertState["kind"], message: string) => {
    alertSeq.current += 1;
    setAlert({ id: alertSeq.current, kind, message });
  };

  // A selection belongs to the rows it was made on: other rows (another page,
  // statuses after an action) start with nothing selected.
  const rowsKey = view.rows.map((r) => `${r.id}:${r.active ? 1 : 0}`).join(",");
  const [selection, setSelection] = useState<{ key: string; ids: RowSelectionState }>({ key: rowsKey, ids: NONE });
  const rowSelection = selection.key === rowsKey ? selection.ids : NONE;
  const selectedIds = Object.keys(rowSelection).map(Number);

  const navigate = useCallback(
    (patch: Partial<ListUrlState>) => {
      const qs = listStateToSearchParams({ ...view.state, ...patch }, view.defaultSize).toString();
      startNavigation(() => router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
    },
    [view.state, view.defaultSize, pathname, router],
  );
  const askRowAction = useCallback((ids: number[], active: boolean) => setConfirm({ ids, active }), []);

  function run() {
    if (!confirm) return;
    const { ids, active } = confirm;
    startAction(async () => {
      const result = await setPixelsActiveAction(advertiserId, ids, active).catch(() => null);
      setConfirm(null);
      if (result?.ok) {
        show("success", resultMessage(active, result.data.total));
        setSelection({ key: rowsKey, ids: NONE });
        startNavigation(() => router.refresh());
      } else {
        show("error", result?.formError ?? failureMessage(active));
      }
    });
  }

  const count = confirm?.ids.length ?? 0;
  const what = count === 1 ? "this pixel" : `${count} pixels`;
  return (
    <div className="space-y-4" data-testid="pixel-list">
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* The advertiser's name is in the details header above the tabs. */}
        <h2 className="text-lg font-semibold text-slate-900">Conversion Tracker</h2>
        <button
          type="button"
          className={PRIMARY_BUTTON}
          disabled={mode !== "enabled"}
          title={mode === "enabled" ? undefined : "Not available for your role"}
          onClick={() => setCreating(true)}
          data-testid="new-pixel"
        >
          New Conversion Tracker
        </button>
      </div>
      {notice ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-800" data-testid="pixel-notice">
          {notice}
        </p>
      ) : null}
      <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
        {mode !== "hidden" ? (
          <BulkBar selected={selectedIds.length} enabled={mode === "enabled"} busy={busy} onAction={(active) => setConfirm({ ids: selectedIds, active })} />
        ) : (
          <span />
        )}
        <ListAlert alert={alert} onClear={clearAlert} />
      </div>
      <PixelTable
        advertiserId={advertiserId}
        view={view}
        mode={mode}
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
      <PixelFormDialog
        open={creating}
        onOpenChange={setCreating}
        advertiserId={advertiserId}
        canWrite={mode === "enabled"}
        onCreated={(pixel) => {
          show("success", `Conversion tracker "${pixel.name}" created`);
          startNavigation(() => router.refresh());
        }}
      />
    </div>
  );
}
