"use client";
// The CLICK DESTINATIONS tab of an advertiser (business.md 2:
// /advertiser/details/{id}/clickdestinations): the list, 'New Click
// Destination', edit in a dialog, and activate/deactivate after a confirmation
// titled 'Warning' (business.md 4). Read-only users get no write controls,
// demo users see them disabled (business.md 6).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { FlashMessage } from "@/components/common/flash-message";
import { useConfirmedAction } from "@/components/common/use-confirmed-action";
import { setClickDestinationActiveAction } from "@/lib/click-destinations/actions";
import type { ClickDestinationRow } from "@/lib/click-destinations/queries";
import type { WriteControls } from "@/lib/list/types";
import { DestinationDialog, type MmpInfo } from "./destination-form";
import { DestinationTable } from "./destination-table";

/** What advertiserForPage decides for the tab (RO hidden, DEMO or archived disabled). */
export type WriteMode = WriteControls;

const TOGGLE_TEXT = {
  activate: {
    question: "Are you sure you want to activate this click destination?",
    success: "Successfully activated click destination",
    failure: "Error while activating click destination!!",
  },
  deactivate: {
    question: "Are you sure you want to deactivate this click destination?",
    success: "Successfully de-activated click destination",
    failure: "Error while de-activating click destination!!",
  },
} as const;

export function ClickDestinationsView({
  advertiserId,
  rows,
  mmp,
  mode,
  notice,
}: {
  advertiserId: number;
  rows: ClickDestinationRow[];
  mmp: MmpInfo;
  mode: WriteMode;
  notice?: string;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState<ClickDestinationRow | "new" | null>(null);
  const { asking, ask, busy, run, message, show } = useConfirmedAction<ClickDestinationRow>();
  const enabled = mode === "enabled";

  function toggle(row: ClickDestinationRow) {
    run(
      () => setClickDestinationActiveAction({ advertiserId, id: row.id, active: !row.active }).catch(() => null),
      TOGGLE_TEXT[row.active ? "deactivate" : "activate"],
    );
  }

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
          <Button
            variant="primary"
            disabled={!enabled}
            title={enabled ? undefined : "Not available for your role"}
            onClick={() => setEditing("new")}
            data-testid="new-click-destination"
          >
            <span aria-hidden="true">+</span> New Click Destination
          </Button>
        )}
      </div>
      {notice ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {notice}
        </p>
      ) : null}
      <DestinationTable
        rows={rows}
        showActions={mode !== "hidden"}
        actionsEnabled={enabled}
        busyId={busy ? (asking?.id ?? null) : null}
        onEdit={(row) => setEditing(row)}
        onToggle={(row) => ask(row)}
      />
      <DestinationDialog
        open={editing !== null}
        advertiserId={advertiserId}
        mmp={mmp}
        destination={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          show("success", text);
          router.refresh();
        }}
      />
      <ConfirmDialog
        open={asking !== null}
        message={asking ? TOGGLE_TEXT[asking.active ? "deactivate" : "activate"].question : ""}
        busy={busy}
        onConfirm={() => asking && toggle(asking)}
        onCancel={() => ask(null)}
      />
      <FlashMessage message={message} testId="cd-message" />
    </div>
  );
}
