// The audience, declared once for the registry (lib/entities/registry.ts):
// texts, routes, menus (app and look-alike audiences), breadcrumb, picker,
// activity (one log type per audience source), list and bulk status.
import "server-only";
import { dashboardList, labelsOf, namedLookup, pageRoutes } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import type { EntityType } from "../generated/prisma/enums";
import { SOURCE_ACTIVITY_TYPES } from "./labels";
import { audienceListAdapterAll, audienceListAdapterFor } from "./list";
import { audienceRest } from "./rest";
import { AUDIENCE_MESSAGES } from "./schema";

const labels = labelsOf("Audience");
// An audience's activity rows are typed by its source.
const activityTypes = {
  entityType: "WEB_AUDIENCE",
  entityTypeBy: { column: "source", types: SOURCE_ACTIVITY_TYPES as Record<string, EntityType> },
} as const;

export const audienceEntity: EntityDeclaration = {
  key: "audience",
  labels,
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
  // The `type` of the list's URL (app, web, dmp, lal) picks the source; the CSV export carries it.
  list: { ...dashboardList(audienceListAdapterAll, "audience", labels), adapterFor: audienceListAdapterFor },
  // An audience's status is its own; an archived advertiser's audiences are read-only.
  bulkStatus: {
    model: "audience",
    ...activityTypes,
    advertiserColumn: "advertiserId",
    advertiser: { archivedMessage: AUDIENCE_MESSAGES.advertiserArchived },
  },
  rest: audienceRest,
  archivedWithAdvertiser: { model: "audience", ...activityTypes },
};
