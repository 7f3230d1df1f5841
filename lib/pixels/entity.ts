// The conversion tracker (pixel), declared once for the registry
// (lib/entities/registry.ts): texts, routes, picker, activity, list and bulk status.
import "server-only";
import { labelsOf, namedLookup } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { pixelRest } from "./rest";
import { pixelListAdapter } from "./list";
import { PIXEL_STATE_MESSAGES } from "./mutations";

export const pixelEntity: EntityDeclaration = {
  key: "pixel",
  labels: labelsOf("Pixel"),
  routes: {
    list: "/advertiser/details/{advertiserId}/pixel",
    create: "/advertiser/{advertiserId}/pixel/create",
    edit: "/advertiser/{advertiserId}/pixel/edit/{id}",
    details: "/advertiser/{advertiserId}/pixel/details/{id}",
  },
  emptyText: "No Pixel found.",
  lookup: namedLookup("pixel", ["advertiserId"]),
  activity: { types: [{ type: "PIXEL", label: "Pixel", module: 4 }], link: "details" },
  list: { adapter: pixelListAdapter, fileName: "pixels", selectable: true },
  bulkStatus: {
    model: "pixel",
    entityType: "PIXEL",
    advertiserColumn: "advertiserId",
    advertiser: { archivedMessage: PIXEL_STATE_MESSAGES.advertiserArchived },
  },
  rest: pixelRest,
  archivedWithAdvertiser: { model: "pixel", entityType: "PIXEL" },
};
