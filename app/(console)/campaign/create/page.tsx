// /campaign/create: a new campaign (business.md 2). ?advertiserId=N starts it
// under that advertiser. Read-only and demo users see the form disabled.
import { requireConsoleSession } from "@/lib/auth/request";
import { canWrite, listWriteControls } from "@/lib/auth/roles";
import { advertiserCurrencies, presetAdvertiser, scheduleZone, skadTargetAllowed } from "@/lib/campaigns/page";
import { newCampaignFormValues } from "@/components/campaign/new-campaign-values";
import { CampaignForm } from "@/components/campaign/campaign-form";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateCampaignPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const writable = canWrite(ctx.role);
  const [advertiser, currencies, skadAllowed, zone] = await Promise.all([
    presetAdvertiser(ctx, (await searchParams).advertiserId),
    writable ? advertiserCurrencies(ctx) : Promise.resolve({}),
    skadTargetAllowed(ctx),
    scheduleZone(ctx),
  ]);
  return (
    <CampaignForm
      mode="create"
      initial={newCampaignFormValues(advertiser?.id ?? null)}
      advertiser={advertiser}
      pixel={null}
      advertiserCurrencies={currencies}
      skadAllowed={skadAllowed}
      canWrite={writable}
      readOnlyReason={writable ? undefined : "You do not have permission to create campaigns."}
      pixelCreateMode={listWriteControls(ctx.role)}
      zone={zone}
    />
  );
}
