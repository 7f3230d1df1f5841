"use client";
// Activate / Deactivate / Archive of one advertiser (business.md 4 and 8):
// activate when inactive, deactivate when active, archive only when inactive;
// each asks first (title 'Warning'); the result shows for about 1.5 s.
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FlashMessage } from "@/components/common/flash-message";
import { useConfirmedAction } from "@/components/common/use-confirmed-action";
import { setAdvertiserActiveAction } from "@/lib/advertisers/actions";
import { archiveAdvertiserAction } from "@/lib/entities/actions";

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
  const { asking, ask, busy, run: runConfirmed, message } = useConfirmedAction<Action>();

  // Archiving is irreversible: an archived advertiser is offered nothing.
  const offered: Action[] = archived ? [] : active ? ["deactivate"] : ["activate", "archive"];

  function run(action: Action) {
    runConfirmed(
      () => (action === "archive" ? archiveAdvertiserAction({ id: advertiserId }) : setAdvertiserActiveAction({ id: advertiserId, active: action === "activate" })),
      TEXT[action],
    );
  }

  return (
    <>
      {offered.map((action) => (
        <Button
          key={action}
          variant={action === "archive" ? "secondary" : "primary"}
          disabled={disabled || busy}
          onClick={() => ask(action)}
          data-testid={`advertiser-${action}`}
        >
          {TEXT[action].label}
        </Button>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title="Warning"
        message={asking ? TEXT[asking].question : ""}
        busy={busy}
        onConfirm={() => asking && run(asking)}
        onCancel={() => ask(null)}
      />
      <FlashMessage message={message} testId="advertiser-status-message" />
    </>
  );
}
