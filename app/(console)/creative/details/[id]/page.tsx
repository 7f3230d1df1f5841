// /creative/details/{id} (business.md 2): the creative's status and actions,
// preview, fields, sets and strategies, delivery over the user's date range
// and review status per exchange.
import { notFound } from "next/navigation";
import { NotFoundError } from "@/lib/errors";
import { requireConsoleSession } from "@/lib/auth/request";
import { canWrite, listWriteControls, shellVisibility } from "@/lib/auth/roles";
import { getCreativePage } from "@/lib/creatives/queries";
import { creativeReviews } from "@/lib/creatives/reviews";
import { creativeMetricsByEntity } from "@/lib/metrics/creative-metrics";
import { getPageDateRange } from "@/lib/user-settings/queries";
import { CreativeDetailsView } from "@/components/creative/details/creative-details";

export const dynamic = "force-dynamic";

const TILES = ["impressions", "clicks", "ctr", "conversions", "revenue", "cost", "margin", "ecpm"] as const;

export default async function CreativeDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireConsoleSession();
  const { id } = await params;
  // Another licensee's creative, or an id that cannot be one: the 404 page.
  const page = await getCreativePage(ctx, id).catch((err: unknown) => {
    if (err instanceof NotFoundError) notFound();
    throw err;
  });
  const { range } = await getPageDateRange(ctx);
  const [reviews, metrics] = await Promise.all([
    creativeReviews(ctx, page.creative.id),
    // Demo users get no analytics (business.md 6); the metric reader drops what the role may not see.
    shellVisibility(ctx.role).analyticsTabs ? creativeMetricsByEntity(ctx, { level: "creative", ids: [page.creative.id], range, metricIds: TILES }) : null,
  ]);
  return (
    <CreativeDetailsView
      creative={page.creative}
      previewUrl={page.previewUrl}
      advertiser={page.advertiser}
      clickDestinations={page.clickDestinations}
      sets={page.sets}
      strategies={page.strategies}
      reviews={reviews}
      metrics={metrics?.get(page.creative.id) ?? null}
      metricIds={TILES}
      canWrite={canWrite(ctx.role) && !page.advertiser.isArchived}
      showWriteControls={listWriteControls(ctx.role) !== "hidden"}
    />
  );
}
