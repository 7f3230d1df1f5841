// The advertiser, declared once for the registry (lib/entities/registry.ts):
// texts, routes, menus, breadcrumb, activity, list and bulk status.
import "server-only";
import { dashboardList, labelsOf, namedLookup } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { advertiserRest } from "./rest";
import { advertiserListAdapter } from "./list";
import { deactivateChildren } from "./mutations";

const labels = labelsOf("Advertiser");

export const advertiserEntity: EntityDeclaration = {
  key: "advertiser",
  labels,
  routes: {
    list: "/advertiser",
    create: "/advertiser/create",
    edit: "/advertiser/create/{id}",
    details: "/advertiser/details/{id}",
  },
  emptyText: "No Advertiser found.",
  lookup: namedLookup("advertiser", [], { menus: [{ name: "advertiser" }] }),
  crumb: { parents: [], switchable: true, queryParam: "advertiserId" },
  activity: { types: [{ type: "ADVERTISER", label: "Advertiser", module: 3 }], link: "details", notificationLink: true },
  list: dashboardList(advertiserListAdapter, "advertiser", labels),
  bulkStatus: {
    model: "advertiser",
    entityType: "ADVERTISER",
    advertiserColumn: "id",
    // Deactivating an advertiser deactivates its campaigns and strategies
    // (business.md 4), also for one already inactive: it repairs children left active.
    afterChange: async (tx, ctx, rows, active) => {
      if (!active) for (const row of rows) await deactivateChildren(tx, ctx, row);
    },
  },
  rest: advertiserRest,
};
