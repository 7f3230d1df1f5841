// The creative, declared once for the registry (lib/entities/registry.ts):
// texts, routes, breadcrumb, activity, list, bulk status and REST resource.
import "server-only";
import { labelsOf, namedLookup } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { creativeRest } from "./rest";
import { creativeListAdapter, creativeListAdapterAll, creativeListExtra } from "./list";

const labels = labelsOf("Creative");

export const creativeEntity: EntityDeclaration = {
  key: "creative",
  labels,
  routes: { details: "/creative/details/{id}" },
  emptyText: "No Creative found.",
  // Looked up for its breadcrumb only: the picker does not offer creatives.
  lookup: namedLookup("creative", ["advertiserId"], { picker: false }),
  crumb: { parents: ["advertiser"] },
  // Creative entries have no link (shell.md 2.10).
  activity: { types: [{ type: "CREATIVE", label: "Creative", module: 10 }], link: null },
  // The /creative page and a set's creatives build the adapter with their own filters (./list.ts); the registry's serves the CSV export.
  list: { adapter: creativeListAdapterAll, adapterFor: (params) => creativeListAdapter(creativeListExtra(params)), fileName: labels.plural, selectable: true },
  bulkStatus: {
    model: "creative",
    entityType: "CREATIVE",
    advertiserColumn: "advertiserId",
    // An inactive advertiser's creatives are not activated (business.md 4).
    activeParents: ["advertiser"],
  },
  rest: creativeRest,
  archivedWithAdvertiser: { model: "creative", entityType: "CREATIVE" },
};
