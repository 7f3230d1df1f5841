// CONVERSION TRACKER tab of /advertiser/details/{id} (business.md 2; shell.md 3
// pixel list) on the shared list stack: page, size, sort, search and status
// come from the URL.
import type { AdvertiserTabProps } from "@/lib/advertisers/tab-loaders";
import { loadAdvertiserListTab } from "@/lib/entities/advertiser-list-tab";
import { pixelEntity } from "@/lib/pixels/entity";
import { PIXEL_STATE_MESSAGES } from "@/lib/pixels/mutations";
import { PixelList } from "@/components/pixel/pixel-list";

export const dynamic = "force-dynamic";

export default async function PixelTabPage(props: AdvertiserTabProps) {
  const { advertiser, view } = await loadAdvertiserListTab(props, pixelEntity.key);
  return (
    <PixelList
      advertiserId={advertiser.id}
      view={view}
      editRoute={pixelEntity.routes.edit!}
      notice={advertiser.isArchived ? PIXEL_STATE_MESSAGES.advertiserArchived : undefined}
    />
  );
}
