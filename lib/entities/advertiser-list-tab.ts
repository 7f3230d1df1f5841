// A list tab of /advertiser/details/{id} (conversion trackers, click
// destinations, catalog feeds): the route's advertiser and one of its lists on
// the shared list stack, with page, size, sort, search and status from the URL.
// Here, above the entities, because it reads another entity's list through the
// registry.
import "server-only";
import type { AdvertiserTabProps } from "../advertisers/tab-loaders";
import { advertiserForPage, type AdvertiserPage } from "../advertisers/page";
import type { ListView, WriteControls } from "../list/types";
import { loadListView } from "./lists";

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
