"use client";
// The CONVERSION TRACKER tab of an advertiser (business.md 2:
// /advertiser/details/{id}/pixel): the pixel list, bulk and per-row activate /
// deactivate after a confirmation titled 'Warning' (business.md 4, shell.md 4),
// the result for 2500 ms (shell.md 8), and 'New Conversion Tracker' opening the
// form in a modal without leaving the list.
import { useState } from "react";
import { PRIMARY_BUTTON } from "@/components/account/confirm-dialog";
import { ListStatusBar, ListStatusConfirm, useListStatusActions } from "@/components/list/list-status-actions";
import { useListNavigation } from "@/components/list/use-list-navigation";
import { setPixelsActiveAction } from "@/lib/pixels/actions";
import type { PixelListView } from "@/lib/pixels/list";
import { PixelFormDialog } from "./pixel-form-dialog";
import { PixelTable, type WriteMode } from "./pixel-table";

const NAMES = { singular: "pixel", plural: "pixels" };

export function PixelList({ advertiserId, view, mode, notice }: { advertiserId: number; view: PixelListView; mode: WriteMode; notice?: string }) {
  const { navigate, refresh, pending } = useListNavigation(view);
  const [creating, setCreating] = useState(false);
  const actions = useListStatusActions({
    rows: view.rows,
    names: NAMES,
    setActive: (ids, active) => setPixelsActiveAction(advertiserId, ids, active).catch(() => null),
    refresh,
  });

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
      <ListStatusBar actions={actions} writeControls={mode} />
      <PixelTable
        advertiserId={advertiserId}
        view={view}
        mode={mode}
        rowSelection={actions.rowSelection}
        onRowSelectionChange={actions.onRowSelectionChange}
        navigate={navigate}
        onRowAction={actions.askRowAction}
        pending={pending}
      />
      <ListStatusConfirm actions={actions} />
      <PixelFormDialog
        open={creating}
        onOpenChange={setCreating}
        advertiserId={advertiserId}
        canWrite={mode === "enabled"}
        onCreated={(pixel) => {
          actions.show("success", `Conversion tracker "${pixel.name}" created`);
          refresh();
        }}
      />
    </div>
  );
}
