// The audience, declared once for the registry (lib/entities/registry.ts):
// texts, routes, menus (app and look-alike audiences), breadcrumb, picker and
// activity (one log type per audience source). Its screens are not built yet.
import "server-only";
import { labelsOf, namedLookup, pageRoutes } from "../entities/declare";
import type { EntityDeclaration } from "../entities/types";
import { audienceResource } from "./rest";

export const audienceEntity: EntityDeclaration = {
  key: "audience",
  labels: labelsOf("Audience"),
  routes: pageRoutes("audience"),
  detailsInNewTab: true,
  lookup: namedLookup("audience", ["advertiserId"], {
    menus: [
      { name: "app_audience", label: "App Audiences", list: "/audience?type=app", where: { source: "MOBILE" } },
      { name: "lal_audience", label: "Look-alike Audiences", list: "/audience?type=lal", where: { source: "LOOK_ALIKE" } },
    ],
  }),
  crumb: { parents: ["advertiser"] },
  activity: {
    types: [
      { type: "WEB_AUDIENCE", label: "Web audience", module: 6 },
      { type: "APP_AUDIENCE", label: "App audience", module: 7 },
      { type: "DMP_AUDIENCE", label: "DMP audience", module: 8 },
      { type: "LAL_AUDIENCE", label: "LAL audience", module: 9 },
    ],
    link: "details",
  },
  rest: audienceResource,
};
