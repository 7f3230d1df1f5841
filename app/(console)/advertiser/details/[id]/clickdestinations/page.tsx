// CLICK DESTINATIONS tab of /advertiser/details/{id} (business.md 2 and 7:
// list, create, update, MMP parameters).
import { advertiserForPage } from "@/lib/advertisers/page";
import { CLICK_DESTINATION_STATE_MESSAGES } from "@/lib/click-destinations/mutations";
import { getMmpParameters, listClickDestinations } from "@/lib/click-destinations/queries";
import { ClickDestinationsView } from "@/components/click-destination/click-destinations-view";

export const dynamic = "force-dynamic";

export default async function ClickDestinationsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, advertiser, writeControls: mode } = await advertiserForPage(id);
  const [rows, mmp] = await Promise.all([listClickDestinations(ctx, advertiser.id), getMmpParameters(ctx, advertiser.id)]);
  return (
    <ClickDestinationsView
      advertiserId={advertiser.id}
      rows={rows}
      mmp={mmp}
      mode={mode}
      notice={advertiser.isArchived ? CLICK_DESTINATION_STATE_MESSAGES.advertiserArchived : undefined}
    />
  );
}
