"use client";
// The CLICK DESTINATIONS tab of an advertiser (business.md 2:
// /advertiser/details/{id}/clickdestinations): the list on the shared list
// stack (search, status filter, sorting and paging in the URL, CSV export),
// 'New Click Destination', edit in a dialog, and activate/deactivate after a
// confirmation titled 'Warning' (business.md 4). Read-only users get no write
// controls, demo users see them disabled (business.md 6).
import { useState } from "react";
import { EntityListView, useEntityList } from "@/components/list/entity-list";
import { RowStatusButton } from "@/components/list/list-table";
import { Button } from "@/components/ui/button";
import { WarningNote } from "@/components/ui/warning-note";
import { setClickDestinationActiveAction } from "@/lib/click-destinations/actions";
import type { ClickDestinationRow } from "@/lib/click-destinations/queries";
import type { ListView } from "@/lib/list/types";
import { DestinationDialog, type MmpInfo } from "./destination-form";

export function ClickDestinationsView({
  advertiserId,
  view,
  mmp,
  notice,
}: {
  advertiserId: number;
  /** The list; its write controls are the tab's (RO hidden, DEMO or archived advertiser disabled). */
  view: ListView;
  mmp: MmpInfo;
  notice?: string;
}) {
  // A click destination's status is changed one row at a time.
  const list = useEntityList(view, async (ids, active) => {
    const result = await setClickDestinationActiveAction({ advertiserId, id: ids[0], active }).catch(() => null);
    return result?.ok ? { ok: true, data: { total: 1 } } : result;
  });
  const { actions } = list;
  const [editing, setEditing] = useState<ClickDestinationRow | "new" | null>(null);
  const mode = view.writeControls;
  const enabled = mode === "enabled";
  const disabledTitle = enabled ? undefined : "Not available for your role";

  return (
    <div className="space-y-5" data-testid="click-destinations">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Click Destinations</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="cd-advertiser-mmp">
            MMP: {mmp.mmp ?? "None"}
          </p>
        </div>
        {mode === "hidden" ? null : (
          <Button variant="primary" disabled={!enabled} title={disabledTitle} onClick={() => setEditing("new")} data-testid="new-click-destination">
            <span aria-hidden="true">+</span> New Click Destination
          </Button>
        )}
      </div>
      {notice ? <WarningNote>{notice}</WarningNote> : null}
      <EntityListView
        view={view}
        list={list}
        alertTestId="cd-message"
        rowActions={(row) => (
          <div className="flex gap-2">
            <Button
              size="xs"
              disabled={!enabled || actions.busy}
              title={disabledTitle}
              onClick={() => setEditing(row.data as ClickDestinationRow)}
              data-testid="cd-edit"
            >
              Edit
            </Button>
            <RowStatusButton
              row={row}
              enabled={enabled && !actions.busy}
              onClick={() => actions.askRowAction([row.id], !row.active)}
              testId={row.active ? "cd-deactivate" : "cd-activate"}
            />
          </div>
        )}
      />
      <DestinationDialog
        open={editing !== null}
        advertiserId={advertiserId}
        mmp={mmp}
        destination={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          actions.show("success", text);
          list.refresh();
        }}
      />
    </div>
  );
}
