// The strategy, declared once for the registry (lib/entities/registry.ts):
// texts, routes, menus, breadcrumb, activity, list and bulk status.
import "server-only";
import { dashboardList, labelsOf, namedLookup, pageRoutes } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { strategyRest } from "./rest";
import { strategyListAdapter } from "./list";
import { refuseSkadActivation } from "./mutations";
import { MAX_BULK_EDIT_STRATEGIES } from "./bulk-edit/schema";

const labels = labelsOf("Strategy", "Strategies");

export const strategyEntity: EntityDeclaration = {
  key: "strategy",
  labels,
  routes: pageRoutes("strategy"),
  emptyText: "No Strategy found.",
  lookup: namedLookup("strategy", ["advertiserId", "campaignId"], {
    // A/B test arms are managed by their experiment, never listed or picked on their own (shell.md 7).
    where: { isAbTestStrategy: false },
    menus: [{ name: "strategy" }],
  }),
  crumb: { parents: ["advertiser", "campaign"], switchable: true, queryParam: "strategyId" },
  activity: { types: [{ type: "STRATEGY", label: "Strategy", module: 1 }], link: "details", notificationLink: true },
  list: {
    ...dashboardList(strategyListAdapter, "strategy", labels),
    // business.md 2 bulk-edit review: the selected strategies open the bulk edit (./bulk-edit/).
    bulkLinks: [{ label: "Bulk Edit", href: "/strategy/bulk-edit", testId: "bulk-edit", max: MAX_BULK_EDIT_STRATEGIES }],
  },
  // Not activated while its advertiser (business.md 4) or its campaign is inactive: it would not deliver, yet look running.
  bulkStatus: {
    model: "strategy",
    entityType: "STRATEGY",
    advertiserColumn: "advertiserId",
    activeParents: ["advertiser", "campaign"],
    // business.md 6: a SKAd-optimised strategy is activated only under a campaign with the SKAD privilege.
    afterChange: refuseSkadActivation,
  },
  rest: strategyRest,
  archivedWithAdvertiser: { model: "strategy", entityType: "STRATEGY" },
};
