// /advertiser/{advId}/pixel: the pixels live on the advertiser's CONVERSION TRACKER tab.
import { redirect } from "next/navigation";
import { advertiserForPage } from "@/lib/advertisers/page";

export const dynamic = "force-dynamic";

export default async function PixelsPage({ params }: { params: Promise<{ advId: string }> }) {
  const { advId } = await params;
  const { advertiser } = await advertiserForPage(advId); // 404 for ids that are not the licensee's
  redirect(`/advertiser/details/${advertiser.id}/pixel`);
}
