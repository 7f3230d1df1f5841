// The click destination, declared once for the registry
// (lib/entities/registry.ts): texts, routes, picker, activity and list. Its
// status is changed one row at a time (lib/click-destinations/mutations.ts
// setClickDestinationActive), so it declares no bulk status.
import "server-only";
import { labelsOf, namedLookup } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { clickDestinationRest } from "./rest";
import { clickDestinationListAdapter } from "./list";
import { CLICK_DESTINATION_MESSAGES } from "./schema";

export const clickDestinationEntity: EntityDeclaration = {
  key: "click_destination",
  labels: labelsOf("Click Destination"),
  // No page of its own: its advertiser's CLICK DESTINATIONS tab lists and edits it.
  routes: { list: "/advertiser/details/{advertiserId}/clickdestinations" },
  emptyText: CLICK_DESTINATION_MESSAGES.empty,
  lookup: namedLookup("clickDestination", ["advertiserId"]),
  activity: { types: [{ type: "CLICK_DESTINATION", label: "Click destination", module: 5 }], link: "list" },
  list: { adapter: clickDestinationListAdapter, fileName: "click-destinations", selectable: false, testId: "click-destination" },
  rest: clickDestinationRest,
  archivedWithAdvertiser: { model: "clickDestination", entityType: "CLICK_DESTINATION" },
};
