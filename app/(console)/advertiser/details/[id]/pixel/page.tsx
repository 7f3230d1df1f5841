// CONVERSION TRACKER tab of /advertiser/details/{id} (business.md 2; shell.md 3
// pixel list). Page, size and sort come from the URL.
import { advertiserForPage } from "@/lib/advertisers/page";
import { listPixels } from "@/lib/pixels/list";
import { PIXEL_STATE_MESSAGES } from "@/lib/pixels/mutations";
import { PixelList } from "@/components/pixel/pixel-list";

export const dynamic = "force-dynamic";

export default async function PixelTabPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const { ctx, advertiser, writeControls: mode } = await advertiserForPage(id);
  const view = await listPixels(ctx, advertiser.id, await searchParams);
  return (
    <PixelList
      advertiserId={advertiser.id}
      view={view}
      mode={mode}
      notice={advertiser.isArchived ? PIXEL_STATE_MESSAGES.advertiserArchived : undefined}
    />
  );
}
