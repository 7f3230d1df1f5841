// Entry points of the dashboard lists for pages and the export route.
import "server-only";
import type { SessionContext } from "../auth/context";
import { advertiserListAdapter } from "../advertisers/list";
import { campaignListAdapter } from "../campaigns/queries";
import { strategyListAdapter } from "../strategies/queries";
import { listExportOf, listViewOf, type ListExport } from "./engine";
import type { ListEntity, ListView } from "./types";
import type { SearchParamsInput } from "./url-state";

export function loadListView(ctx: SessionContext, entity: ListEntity, params: SearchParamsInput): Promise<ListView> {
  switch (entity) {
    case "advertiser":
      return listViewOf(ctx, advertiserListAdapter, params);
    case "campaign":
      return listViewOf(ctx, campaignListAdapter, params);
    case "strategy":
      return listViewOf(ctx, strategyListAdapter, params);
  }
}

export function loadListExport(ctx: SessionContext, entity: ListEntity, params: SearchParamsInput): Promise<ListExport> {
  switch (entity) {
    case "advertiser":
      return listExportOf(ctx, advertiserListAdapter, params);
    case "campaign":
      return listExportOf(ctx, campaignListAdapter, params);
    case "strategy":
      return listExportOf(ctx, strategyListAdapter, params);
  }
}
