// The advertiser's image library (shell.md 2.9): logos, fallback images and
// overlay images, each in its own panel. Lists are rendered here, as plain
// image items (never the setting rows), and kept up to date by the panels.
import { advertiserForPage } from "@/lib/advertisers/page";
import { listImages } from "@/lib/images/queries";
import { IMAGE_KINDS } from "@/lib/images/schema";
import { ImageLibrary } from "@/components/images/image-library";

export const dynamic = "force-dynamic";

export default async function AdvertiserImagesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, advertiser, canWrite } = await advertiserForPage(id);
  const lists = await Promise.all(IMAGE_KINDS.map((kind) => listImages(ctx, advertiser.id, kind)));
  return (
    <div className="space-y-4" data-testid="advertiser-images">
      {IMAGE_KINDS.map((kind, i) => (
        <ImageLibrary key={kind} advertiserId={advertiser.id} kind={kind} canWrite={canWrite} role={ctx.role} initialImages={lists[i]} />
      ))}
    </div>
  );
}
