// /advertiser/{advId}/pixel: the pixels live on the advertiser's CONVERSION TRACKER tab (the pixel's list route).
import { redirect } from "next/navigation";
import { advertiserForPage } from "@/lib/advertisers/page";
import { fillRoute } from "@/lib/contracts/entity-routes";
import { pixelEntity } from "@/lib/pixels/entity";

export const dynamic = "force-dynamic";

export default async function PixelsPage({ params }: { params: Promise<{ advId: string }> }) {
  const { advId } = await params;
  const { advertiser } = await advertiserForPage(advId); // 404 for ids that are not the licensee's
  redirect(fillRoute(pixelEntity.routes.list, { advertiserId: advertiser.id })!);
}
