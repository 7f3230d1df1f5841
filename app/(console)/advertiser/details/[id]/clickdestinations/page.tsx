// CLICK DESTINATIONS tab of /advertiser/details/{id} (business.md 2 and 7:
// list, create, update, MMP parameters), the list on the shared list stack.
import type { AdvertiserTabProps } from "@/lib/advertisers/tab-loaders";
import { loadAdvertiserListTab } from "@/lib/entities/advertiser-list-tab";
import { clickDestinationEntity } from "@/lib/click-destinations/entity";
import { CLICK_DESTINATION_STATE_MESSAGES } from "@/lib/click-destinations/mutations";
import { getMmpParameters } from "@/lib/click-destinations/queries";
import { ClickDestinationsView } from "@/components/click-destination/click-destinations-view";

export const dynamic = "force-dynamic";

export default async function ClickDestinationsPage(props: AdvertiserTabProps) {
  const { ctx, advertiser, view } = await loadAdvertiserListTab(props, clickDestinationEntity.key);
  const mmp = await getMmpParameters(ctx, advertiser.id);
  return (
    <ClickDestinationsView
      advertiserId={advertiser.id}
      view={view}
      mmp={mmp}
      notice={advertiser.isArchived ? CLICK_DESTINATION_STATE_MESSAGES.advertiserArchived : undefined}
    />
  );
}
