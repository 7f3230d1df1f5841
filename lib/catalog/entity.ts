// The catalog feed, declared once for the registry (lib/entities/registry.ts):
// texts, routes, activity and list. Its status is changed one feed at a time
// from its drawer (lib/catalog/mutations.ts setFeedActive), so it declares no
// bulk status.
import "server-only";
import { labelsOf } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { catalogFeedRest } from "./rest";
import { catalogFeedListAdapter } from "./list";

export const catalogFeedEntity: EntityDeclaration = {
  key: "catalog_feed",
  labels: labelsOf("Catalog Feed"),
  // Its details are the drawer of its advertiser's PRODUCT CATALOG tab.
  routes: { list: "/advertiser/details/{advertiserId}/catalog", details: "/advertiser/details/{advertiserId}/catalog?feed={id}" },
  emptyText: "No catalog feed found.",
  // shell.md 2.10 gives catalog feed entries no link.
  activity: { types: [{ type: "CATALOG_FEED" }], link: null },
  list: { adapter: catalogFeedListAdapter, fileName: "catalog-feeds", selectable: false, testId: "catalog-feed" },
  rest: catalogFeedRest,
  archivedWithAdvertiser: { model: "catalogFeed", entityType: "CATALOG_FEED" },
};
