"use client";
// Activate / Deactivate / Archive of one advertiser (business.md 4 and 8):
// activate when inactive, deactivate when active, archive only when inactive;
// each asks first (title 'Warning'); the result shows for about 1.5 s.
import { useEffect, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { ConfirmDialog, PRIMARY_BUTTON, SECONDARY_BUTTON } from "@/components/account/confirm-dialog";
import { archiveAdvertiserAction, setAdvertiserActiveAction } from "@/lib/advertisers/actions";

type Action = "activate" | "deactivate" | "archive";

const TEXT: Record<Action, { label: string; question: string; success: string; failure: string }> = {
  activate: {
    label: "Activate",
    question: "Are you sure you want to activate this advertiser?",
    success: "Successfully activated advertiser",
    failure: "Error while activating advertiser!!",
  },
  deactivate: {
    label: "Deactivate",
    question: "Are you sure you want to deactivate this advertiser? All its campaigns and strategies will become inactive.",
    success: "Successfully de-activated advertiser",
    failure: "Error while de-activating advertiser!!",
  },
  archive: {
    label: "Archive",
    question:
      "Are you sure you want to archive this advertiser? Its campaigns, strategies, conversion trackers, creative sets, creatives and audiences are archived too. This cannot be undone.",
    success: "Successfully archived advertiser",
    failure: "Error while archiving advertiser!!",
  },
};

export const STATUS_MESSAGE_MS = 1500;

export function AdvertiserStatusActions({
  advertiserId,
  active,
  archived,
  disabled,
}: {
  advertiserId: number;
  active: boolean;
  archived: boolean;
  disabled: boolean;
}) {
  const router = useRouter();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), STATUS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  // Archiving is irreversible: an archived advertiser is offered nothing.
  const offered: Action[] = archived ? [] : active ? ["deactivate"] : ["activate", "archive"];

  function run(action: Action) {
    startTransition(async () => {
      const result =
        action === "archive"
          ? await archiveAdvertiserAction(advertiserId)
          : await setAdvertiserActiveAction(advertiserId, action === "activate");
      setAsking(null);
      setMessage({ ok: result.ok, text: result.ok ? TEXT[action].success : TEXT[action].failure });
      if (result.ok) router.refresh();
    });
  }

  return (
    <>
      {offered.map((action) => (
        <button
          key={action}
          type="button"
          disabled={disabled || busy}
          onClick={() => setAsking(action)}
          data-testid={`advertiser-${action}`}
          className={action === "archive" ? SECONDARY_BUTTON : PRIMARY_BUTTON}
        >
          {TEXT[action].label}
        </button>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title="Warning"
        message={asking ? TEXT[asking].question : ""}
        busy={busy}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      />
      {message ? (
        <div
          role={message.ok ? "status" : "alert"}
          data-testid="advertiser-status-message"
          className={`fixed top-4 right-4 z-[70] rounded-md border px-4 py-2 text-sm shadow-lg ${
            message.ok ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-red-200 bg-red-50 text-red-700"
          }`}
        >
          {message.text}
        </div>
      ) : null}
    </>
  );
}
