// The REST resource of catalog feeds (/api/v1/catalog-feeds): list and get
// (business.md 7 names no other catalog call). Links come without passwords;
// a stored password shows only as `hasPassword`.
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { viewDecimal, viewId, viewTime, viewVersion } from "../rest/view-fields";
import { FeedFormat, FeedSourceType, FeedStatus } from "../generated/prisma/enums";
import { toFeedRow } from "./queries";

export const CatalogFeedViewSchema = z.object({
  id: viewId,
  advertiserId: viewId,
  name: z.string(),
  active: z.boolean(),
  source: z.string().meta({ description: "The uploaded file's name and format, or the link without credentials." }),
  sourceType: z.enum(FeedSourceType),
  format: z.enum(FeedFormat),
  link: z
    .object({
      url: z.string(),
      username: z.string(),
      hasPassword: z.boolean(),
      hostKey: z.string().nullable().meta({ description: "SFTP host key fingerprint pinned on first download." }),
      newHostKey: z.string().nullable(),
    })
    .nullable(),
  updateFrequencyHours: z.number().int(),
  lastUpdated: viewTime.nullable(),
  nextRunAt: viewTime.nullable(),
  updateStatus: z.enum(FeedStatus),
  lastProcessStatus: z.string().nullable(),
  itemsImported: z.number().int(),
  itemsTotal: z.number().int(),
  totalLines: z.number().int(),
  parsedLines: z.number().int(),
  errorLines: z.number().int(),
  successRate: viewDecimal,
  qualityScore: viewDecimal,
  variablesMapped: z.number().int(),
  createdAt: viewTime,
  version: viewVersion,
});

export const catalogFeedResource = defineResource(["catalog feed", "catalog feeds"], CatalogFeedViewSchema, {
  description: "Product catalog feeds of the advertisers and the state of their last run.",
  model: (db) => db.catalogFeed,
  // The view is the PRODUCT CATALOG tab's own row: this fails to compile if the two drift apart.
  toView: toFeedRow,
  // Newest first, as on the PRODUCT CATALOG tab.
  sortFields: ["createdAt", "id", "name", "active", "updateStatus"],
  defaultSort: { field: "createdAt", direction: "desc" },
});

/** What the entity hands to the registry (its entity.ts). */
export const catalogFeedRest: EntityRest = { resource: catalogFeedResource };
