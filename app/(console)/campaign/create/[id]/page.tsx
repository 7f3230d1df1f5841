// /campaign/create/{id}: edit a campaign (business.md 2). Read-only and demo
// users, and everyone on an archived campaign, see its values disabled.
import { listWriteControls } from "@/lib/auth/roles";
import { campaignFormValues } from "@/lib/campaigns/queries";
import { campaignForPage, skadTargetAllowed } from "@/lib/campaigns/page";
import { CampaignForm } from "@/components/campaign/campaign-form";

export const dynamic = "force-dynamic";

export default async function EditCampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, campaign, advertiser, pixel, canWrite, zone } = await campaignForPage(id);
  const readOnlyReason = campaign.isArchived
    ? "This campaign is archived and can no longer be changed."
    : canWrite
      ? undefined
      : "You do not have permission to change campaigns.";
  return (
    <CampaignForm
      // A reload after a conflict brings a new version: the form starts again from the saved values.
      key={campaign.version}
      mode="edit"
      campaignId={campaign.id}
      version={campaign.version}
      initial={campaignFormValues(campaign)}
      saved={{ startTime: campaign.startTime, endTime: campaign.endTime }}
      advertiser={advertiser}
      pixel={pixel}
      skadAllowed={await skadTargetAllowed(ctx)}
      canWrite={canWrite}
      readOnlyReason={readOnlyReason}
      pixelCreateMode={listWriteControls(ctx.role)}
      zone={zone}
    />
  );
}
