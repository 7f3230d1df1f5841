// Edit Conversion Tracker (business.md 2): /advertiser/{advId}/pixel/edit/{pixelId}.
import { advertiserForPage } from "@/lib/advertisers/page";
import { pixelForPage } from "@/lib/pixels/page";
import { pixelFormValues } from "@/lib/pixels/schema";
import { PixelFormPage } from "@/components/pixel/pixel-form-page";

export const dynamic = "force-dynamic";

export default async function EditPixelPage({ params }: { params: Promise<{ advId: string; pixelId: string }> }) {
  const { advId, pixelId } = await params;
  const { ctx, advertiser, canWrite } = await advertiserForPage(advId);
  const pixel = await pixelForPage(ctx, advertiser.id, pixelId);
  return (
    <PixelFormPage
      advertiser={{ id: advertiser.id, name: advertiser.name }}
      pixel={{ id: pixel.id, version: pixel.version }}
      initial={pixelFormValues(pixel)}
      canWrite={canWrite}
    />
  );
}
