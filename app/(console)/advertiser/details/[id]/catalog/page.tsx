// PRODUCT CATALOG tab of an advertiser (business.md 2: /advertiser/details/{id}/catalog),
// the feed list on the shared list stack. ?feed=<id> opens that feed's drawer
// with its variable mapping.
import type { AdvertiserTabProps } from "@/lib/advertisers/tab-loaders";
import { loadAdvertiserListTab } from "@/lib/entities/advertiser-list-tab";
import type { SessionContext } from "@/lib/auth/context";
import { catalogFeedEntity } from "@/lib/catalog/entity";
import { getFeedOrThrow, listMappings } from "@/lib/catalog/queries";
import { NotFoundError } from "@/lib/errors";
import { CatalogView } from "@/components/catalog/catalog-view";

export const dynamic = "force-dynamic";

async function loadSelected(ctx: SessionContext, advertiserId: number, feedId: string | undefined) {
  if (!feedId) return null;
  try {
    const feed = await getFeedOrThrow(ctx, feedId);
    if (feed.advertiserId !== advertiserId) return null;
    return { feed, mappings: await listMappings(ctx, feed.id) };
  } catch (err) {
    if (err instanceof NotFoundError) return null; // a stale or foreign ?feed= just opens nothing
    throw err;
  }
}

export default async function CatalogPage(props: AdvertiserTabProps) {
  // Read-only users see 'Refresh now' disabled, like demo users (no hidden column here).
  const { ctx, advertiser, canWrite, query, view } = await loadAdvertiserListTab(props, catalogFeedEntity.key, (page) =>
    page.canWrite ? "enabled" : "disabled",
  );
  const feedId = Array.isArray(query.feed) ? query.feed[0] : query.feed;
  const selected = await loadSelected(ctx, advertiser.id, feedId);
  return <CatalogView advertiser={{ id: advertiser.id, name: advertiser.name }} view={view} selected={selected} canWrite={canWrite} />;
}
