// PRODUCT CATALOG tab of an advertiser (business.md 2: /advertiser/details/{id}/catalog).
// ?feed=<id> opens that feed's drawer with its variable mapping.
import { notFound } from "next/navigation";
import { getAdvertiserOrThrow } from "@/lib/advertisers/queries";
import { canWrite } from "@/lib/auth/roles";
import { getFeedOrThrow, listFeeds, listMappings } from "@/lib/catalog/queries";
import { NotFoundError } from "@/lib/data/errors";
import type { SessionContext } from "@/lib/auth/context";
import { requireConsoleSession } from "@/lib/tenancy/request";
import { CatalogView } from "@/components/catalog/catalog-view";

export const dynamic = "force-dynamic";

async function load(ctx: SessionContext, id: string, feedId: string | undefined) {
  try {
    const advertiser = await getAdvertiserOrThrow(ctx, id);
    const [feeds, selected] = await Promise.all([listFeeds(ctx, advertiser.id), loadSelected(ctx, advertiser.id, feedId)]);
    return { advertiser, feeds, selected };
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}

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

export default async function CatalogPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ feed?: string | string[] }>;
}) {
  const ctx = await requireConsoleSession();
  const { id } = await params;
  const { feed } = await searchParams;
  const { advertiser, feeds, selected } = await load(ctx, id, Array.isArray(feed) ? feed[0] : feed);
  return (
    <CatalogView
      advertiser={{ id: advertiser.id, name: advertiser.name }}
      feeds={feeds}
      selected={selected}
      canWrite={canWrite(ctx.role) && !advertiser.isArchived}
    />
  );
}
