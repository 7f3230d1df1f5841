// The creative set, declared once for the registry (lib/entities/registry.ts):
// texts, routes, menu, breadcrumb, picker and activity. Its screens are not
// built yet.
import "server-only";
import { labelsOf, namedLookup, pageRoutes } from "../entities/declare";
import type { EntityDeclaration } from "../entities/types";
import { creativeSetResource } from "./rest";

export const creativeSetEntity: EntityDeclaration = {
  key: "creative_set",
  labels: labelsOf("Creative Set"),
  routes: pageRoutes("creative_set"),
  detailsInNewTab: true,
  lookup: namedLookup("creativeSet", ["advertiserId"], { menus: [{ name: "creative_sets" }] }),
  crumb: { parents: ["advertiser"] },
  activity: { types: [{ type: "CREATIVE_SET", label: "Creative set", module: 11 }], link: "details", notificationLink: true },
  rest: creativeSetResource,
};
