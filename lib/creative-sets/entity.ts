// The creative set, declared once for the registry (lib/entities/registry.ts):
// texts, routes, menu, breadcrumb, picker, activity, list and bulk status.
import "server-only";
import { dashboardList, labelsOf, namedLookup, pageRoutes } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { creativeSetListAdapter } from "./list";
import { creativeSetRest } from "./rest";
import { CREATIVE_SET_CHANGE_MESSAGES } from "./rules";

const labels = labelsOf("Creative Set");

export const creativeSetEntity: EntityDeclaration = {
  key: "creative_set",
  labels,
  routes: pageRoutes("creative_set"),
  emptyText: "No Creative Set found.",
  detailsInNewTab: true,
  lookup: namedLookup("creativeSet", ["advertiserId"], { menus: [{ name: "creative_sets" }] }),
  crumb: { parents: ["advertiser"] },
  activity: { types: [{ type: "CREATIVE_SET", label: "Creative set", module: 11 }], link: "details", notificationLink: true },
  list: dashboardList(creativeSetListAdapter, "creative_set", labels),
  // A set's status is its own (business.md 4 names no parent that pauses it); an archived advertiser's sets are read-only.
  bulkStatus: {
    model: "creativeSet",
    entityType: "CREATIVE_SET",
    advertiserColumn: "advertiserId",
    advertiser: { archivedMessage: CREATIVE_SET_CHANGE_MESSAGES.advertiserArchived },
  },
  rest: creativeSetRest,
  archivedWithAdvertiser: { model: "creativeSet", entityType: "CREATIVE_SET" },
};
