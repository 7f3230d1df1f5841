// What the tabs of /advertiser/details/{id} load beside the advertiser: the
// list tabs (conversion trackers, click destinations, catalog feeds) one of
// its lists on the shared list stack, with page, size, sort, search and
// status from the URL; the ANALYTICS and COHORT tabs the user's date range.
import "server-only";
import { shellVisibility } from "../auth/roles";
import { loadListView } from "../entities/lists";
import type { ListView, WriteControls } from "../list/types";
import { getPageDateRange } from "../user-settings/queries";
import { advertiserForPage, type AdvertiserPage } from "./page";

/** What Next.js hands a tab page under /advertiser/details/{id}. */
export interface AdvertiserTabProps {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export interface AdvertiserListTab extends AdvertiserPage {
  /** The URL's query, for what the tab reads beside its list (the catalog's ?feed=). */
  query: Record<string, string | string[] | undefined>;
  view: ListView;
}

/**
 * The route's advertiser and its list of `entityKey`. `writeControlsOf` lets a
 * tab show its controls otherwise than the role's default (the catalog keeps
 * them visible but disabled for read-only users).
 */
export async function loadAdvertiserListTab(
  { params, searchParams }: AdvertiserTabProps,
  entityKey: string,
  writeControlsOf: (page: AdvertiserPage) => WriteControls = (page) => page.writeControls,
): Promise<AdvertiserListTab> {
  const page = await advertiserForPage((await params).id);
  const query = await searchParams;
  const view = await loadListView(page.ctx, entityKey, query, { advertiserId: page.advertiser.id, writeControls: writeControlsOf(page) });
  return { ...page, query, view };
}

/** An ANALYTICS or COHORT tab: the route's advertiser and the user's date range; null for roles without these tabs. */
export async function loadAnalyticsTab(id: string) {
  const page = await advertiserForPage(id);
  if (!shellVisibility(page.ctx.role).analyticsTabs) return null;
  return { ...page, ...(await getPageDateRange(page.ctx)) };
}
