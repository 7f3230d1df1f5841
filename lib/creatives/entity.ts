// The creative, declared once for the registry (lib/entities/registry.ts):
// texts, routes, breadcrumb and activity. Its screens are not built yet.
import "server-only";
import { labelsOf, namedLookup } from "../entities/declare";
import type { EntityDeclaration } from "../entities/types";
import { creativeResource } from "./rest";

export const creativeEntity: EntityDeclaration = {
  key: "creative",
  labels: labelsOf("Creative"),
  routes: { details: "/creative/details/{id}" },
  // Looked up for its breadcrumb only: the picker does not offer creatives.
  lookup: namedLookup("creative", ["advertiserId"], { picker: false }),
  crumb: { parents: ["advertiser"] },
  // Creative entries have no link (shell.md 2.10).
  activity: { types: [{ type: "CREATIVE", label: "Creative", module: 10 }], link: null },
  rest: creativeResource,
};
