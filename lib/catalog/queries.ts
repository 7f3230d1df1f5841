// Reads of catalog feeds (business.md 7: feeds by advertiser, variable
// mappings by feed), through the data gate. Results are plain objects ready for
// client components: Decimals as strings, dates as ISO strings, links without
// passwords.
import "server-only";
import type { SessionContext } from "../auth/context";
import type { CatalogFeed, VariableMapping } from "../generated/prisma/client";
import { orNotFound, parseId } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import { hasStoredPassword } from "./credentials";
import { storedFileName } from "./files";
import { displayLink, splitLink } from "./link";

export function feedSourceLabel(feed: Pick<CatalogFeed, "sourceType" | "format" | "sourceUrl" | "storedFilePath">): string {
  if (feed.sourceType === "FILE") return `${feed.storedFilePath ? storedFileName(feed.storedFilePath) : "File"} (${feed.format})`;
  return feed.sourceUrl ? displayLink(feed.sourceUrl) : feed.sourceType;
}

export function toFeedRow(feed: CatalogFeed) {
  const link = feed.sourceType !== "FILE" && feed.sourceUrl ? splitLink(feed.sourceUrl) : null;
  return {
    id: feed.id,
    advertiserId: feed.advertiserId,
    name: feed.name,
    active: feed.active,
    source: feedSourceLabel(feed),
    sourceType: feed.sourceType,
    format: feed.format,
    /**
     * For the edit form of a link feed. The password never leaves the server,
     * encrypted or not: only whether one is stored. Host key fingerprints are public.
     */
    link: link
      ? {
          url: link.link,
          username: link.username,
          hasPassword: hasStoredPassword(feed),
          hostKey: feed.sftpHostKeySha256,
          newHostKey: feed.sftpNewHostKeySha256,
        }
      : null,
    updateFrequencyHours: feed.updateFrequencyHours,
    lastUpdated: feed.lastSuccessAt?.toISOString() ?? null,
    nextRunAt: feed.nextRunAt?.toISOString() ?? null,
    updateStatus: feed.updateStatus,
    lastProcessStatus: feed.lastProcessStatus,
    itemsImported: feed.itemsImported,
    itemsTotal: feed.itemsTotal,
    totalLines: feed.totalLines,
    parsedLines: feed.parsedLines,
    errorLines: feed.errorLines,
    successRate: feed.successRate.toFixed(2),
    qualityScore: feed.qualityScore.toFixed(2),
    variablesMapped: feed.variablesMapped,
    createdAt: feed.createdAt.toISOString(),
    version: feed.version,
  };
}
export type FeedRow = ReturnType<typeof toFeedRow>;

export async function getFeedOrThrow(ctx: SessionContext, feedId: number | string): Promise<FeedRow> {
  const feed = await tenantDb(ctx).catalogFeed.findUnique({ where: { id: parseId(String(feedId)), isArchived: false } });
  return toFeedRow(orNotFound(feed, "Catalog feed"));
}

export function toMappingRow(m: VariableMapping) {
  return {
    id: m.id,
    name: m.name,
    variablePath: m.variablePath,
    standardVariable: m.standardVariable,
    description: m.description,
    samples: m.samples,
    version: m.version,
  };
}
export type MappingRow = ReturnType<typeof toMappingRow>;

/** The feed's variable mappings in the order they were found. */
export async function listMappings(ctx: SessionContext, feedId: number | string): Promise<MappingRow[]> {
  const id = parseId(String(feedId));
  orNotFound(await tenantDb(ctx).catalogFeed.findUnique({ where: { id, isArchived: false }, select: { id: true } }), "Catalog feed");
  const rows = await tenantDb(ctx).variableMapping.findMany({ where: { feedId: id }, orderBy: { id: "asc" } });
  return rows.map(toMappingRow);
}
