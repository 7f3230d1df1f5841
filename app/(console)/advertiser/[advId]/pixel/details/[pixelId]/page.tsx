// A conversion tracker's details (business.md 2): /advertiser/{advId}/pixel/details/{pixelId}.
import { headers } from "next/headers";
import { advertiserForPage } from "@/lib/advertisers/page";
import { pixelDetailsForPage } from "@/lib/pixels/page";
import { trackingCode } from "@/lib/pixels/tracking";
import { publicOrigin } from "@/lib/net/public-origin";
import { PixelDetails } from "@/components/pixel/pixel-details";

export const dynamic = "force-dynamic";

export default async function PixelDetailsPage({ params }: { params: Promise<{ advId: string; pixelId: string }> }) {
  const { advId, pixelId } = await params;
  const { ctx, advertiser, canWrite } = await advertiserForPage(advId);
  const { pixel, performance } = await pixelDetailsForPage(ctx, advertiser.id, pixelId);
  const origin = publicOrigin(await headers()) ?? "";
  return (
    <PixelDetails
      advertiser={{ id: advertiser.id, name: advertiser.name }}
      pixel={pixel}
      performance={performance}
      code={trackingCode(origin, pixel)}
      canWrite={canWrite}
    />
  );
}
