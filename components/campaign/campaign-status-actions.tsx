"use client";
// Activate / Deactivate of one campaign (business.md 4) through the shared
// bulk status action: activate when inactive, deactivate when active, each
// after the 'Warning' question; the result shows for about 1.5 s and a
// success refreshes the page and the menus. A refusal the user can act on (an
// inactive advertiser) shows the server's own message, not a generic one.
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FlashMessage } from "@/components/common/flash-message";
import { useConfirmedAction } from "@/components/common/use-confirmed-action";
import { setActiveInBulkAction } from "@/lib/entities/actions";

export const CAMPAIGN_STATUS_TEXT = {
  activate: {
    label: "Activate",
    question: "Are you sure you want to activate this campaign?",
    success: "Successfully activated campaign",
    failure: "Error while activating campaign!!",
  },
  deactivate: {
    label: "Deactivate",
    question: "Are you sure you want to deactivate this campaign? All its strategies will become inactive.",
    success: "Successfully de-activated campaign",
    failure: "Error while de-activating campaign!!",
  },
} as const;

export function CampaignStatusActions({ campaignId, active, disabled }: { campaignId: number; active: boolean; disabled: boolean }) {
  // The dialog only needs to know it is open: the question follows the campaign's status.
  const { asking, ask, busy, run, message } = useConfirmedAction<true>();
  const action = active ? "deactivate" : "activate";

  function confirm() {
    // A copy whose failure text the answer may replace: run() reads it once the answer is in.
    const text: { success: string; failure: string } = { ...CAMPAIGN_STATUS_TEXT[action] };
    run(async () => {
      const result = await setActiveInBulkAction({ entity: "campaign", ids: [campaignId], active: action === "activate" }).catch(() => null);
      // 409: refused for a reason the user can fix (inactive advertiser, archived): say which.
      if (result && !result.ok && result.status === 409 && result.formError) text.failure = result.formError;
      return result;
    }, text);
  }

  return (
    <>
      <Button variant="primary" disabled={disabled || busy} onClick={() => ask(true)} data-testid={`campaign-${action}`}>
        {CAMPAIGN_STATUS_TEXT[action].label}
      </Button>
      <ConfirmDialog open={asking !== null} title="Warning" message={CAMPAIGN_STATUS_TEXT[action].question} busy={busy} onConfirm={confirm} onCancel={() => ask(null)} />
      <FlashMessage message={message} testId="campaign-status-message" />
    </>
  );
}
