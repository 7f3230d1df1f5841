// The campaign, declared once for the registry (lib/entities/registry.ts):
// texts, routes, menus, breadcrumb, activity, list and bulk status.
import "server-only";
import { dashboardList, labelsOf, namedLookup, pageRoutes } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { campaignRest } from "./rest";
import { campaignListAdapter } from "./list";
import { deactivateCampaignStrategies } from "./mutations";

const labels = labelsOf("Campaign");

export const campaignEntity: EntityDeclaration = {
  key: "campaign",
  labels,
  routes: pageRoutes("campaign"),
  emptyText: "No Campaign found.",
  lookup: namedLookup("campaign", ["advertiserId"], { menus: [{ name: "campaign" }] }),
  crumb: { parents: ["advertiser"], switchable: true, queryParam: "campaignId" },
  activity: { types: [{ type: "CAMPAIGN", label: "Campaign", module: 2 }], link: "details", notificationLink: true },
  list: dashboardList(campaignListAdapter, "campaign", labels),
  bulkStatus: {
    model: "campaign",
    entityType: "CAMPAIGN",
    advertiserColumn: "advertiserId",
    // An inactive advertiser makes all its campaigns inactive (business.md 4): none is activated under one.
    activeParents: ["advertiser"],
    // Deactivating a campaign deactivates its strategies in the same transaction (business.md 4),
    // also for one already inactive: it repairs strategies left active.
    afterChange: async (tx, ctx, rows, active) => {
      if (!active) await deactivateCampaignStrategies(tx, ctx, rows);
    },
  },
  rest: campaignRest,
  archivedWithAdvertiser: { model: "campaign", entityType: "CAMPAIGN" },
};
