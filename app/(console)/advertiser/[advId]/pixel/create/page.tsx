// New Conversion Tracker (business.md 2): /advertiser/{advId}/pixel/create.
import { advertiserForPage } from "@/lib/advertisers/page";
import { NEW_PIXEL_VALUES } from "@/lib/pixels/schema";
import { PixelFormPage } from "@/components/pixel/pixel-form-page";

export const dynamic = "force-dynamic";

export default async function CreatePixelPage({ params }: { params: Promise<{ advId: string }> }) {
  const { advId } = await params;
  const { advertiser, canWrite } = await advertiserForPage(advId);
  return (
    <PixelFormPage
      advertiser={{ id: advertiser.id, name: advertiser.name }}
      initial={NEW_PIXEL_VALUES}
      canWrite={canWrite}
    />
  );
}
