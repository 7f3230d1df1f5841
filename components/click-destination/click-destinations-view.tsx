"use client";
// The CLICK DESTINATIONS tab of an advertiser (business.md 2:
// /advertiser/details/{id}/clickdestinations): the list, 'New Click
// Destination', edit in a dialog, and activate/deactivate after a confirmation
// titled 'Warning' (business.md 4). Read-only users get no write controls,
// demo users see them disabled (business.md 6).
import { useEffect, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/account/confirm-dialog";
import { setClickDestinationActiveAction } from "@/lib/click-destinations/actions";
import type { ClickDestinationRow } from "@/lib/click-destinations/queries";
import { DestinationDialog, type MmpInfo } from "./destination-form";
import { DestinationTable } from "./destination-table";
import { primaryButtonClass } from "./styles";

export type WriteMode = "enabled" | "disabled" | "hidden";

export const STATUS_MESSAGE_MS = 1500;

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
  const [asking, setAsking] = useState<ClickDestinationRow | null>(null);
  const [busy, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const enabled = mode === "enabled";

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), STATUS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  function toggle(row: ClickDestinationRow) {
    const text = TOGGLE_TEXT[row.active ? "deactivate" : "activate"];
    startTransition(async () => {
      try {
        const result = await setClickDestinationActiveAction(advertiserId, row.id, !row.active);
        setMessage({ ok: result.ok, text: result.ok ? text.success : text.failure });
        if (result.ok) router.refresh();
      } catch {
        setMessage({ ok: false, text: text.failure });
      } finally {
        setAsking(null);
      }
    });
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
          <button
            type="button"
            disabled={!enabled}
            title={enabled ? undefined : "Not available for your role"}
            className={primaryButtonClass}
            onClick={() => setEditing("new")}
            data-testid="new-click-destination"
          >
            <span aria-hidden="true">+</span> New Click Destination
          </button>
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
        onToggle={(row) => setAsking(row)}
      />
      <DestinationDialog
        open={editing !== null}
        advertiserId={advertiserId}
        mmp={mmp}
        destination={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          setMessage({ ok: true, text });
          router.refresh();
        }}
      />
      <ConfirmDialog
        open={asking !== null}
        title="Warning"
        message={asking ? TOGGLE_TEXT[asking.active ? "deactivate" : "activate"].question : ""}
        busy={busy}
        onConfirm={() => asking && toggle(asking)}
        onCancel={() => setAsking(null)}
      />
      {message ? (
        <div
          role={message.ok ? "status" : "alert"}
          data-testid="cd-message"
          className={`fixed top-4 right-4 z-[70] rounded-md border px-4 py-2 text-sm shadow-lg ${
            message.ok ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-red-200 bg-red-50 text-red-700"
          }`}
        >
          {message.text}
        </div>
      ) : null}
    </div>
  );
}
