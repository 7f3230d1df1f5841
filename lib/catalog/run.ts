// The end of a feed run (process.ts): one transaction that writes what the run
// found. A run takes seconds to minutes, and users may edit the feed meanwhile
// (name, link, frequency, variable mappings): their edits must survive it. So
// after replacing the items, the transaction locks the feed row and reads the
// feed and its mappings as they are now, not as they were when the run
// started, and writes only the run's own fields (status, counts, scores, next
// run, the pinned host key):
// - a mapping a user edited (version > 1) is never deleted or re-guessed; the
//   run only refreshes paths and samples and creates mappings for variables
//   that have none. Deletes carry the version they expect (version 1).
// - the next run follows the frequency as it is now.
// - if the feed's source (link, credentials, file) changed during the run, or
//   the feed was archived, what was fetched is stale: StaleRunError rolls the
//   transaction back, and settleStaleRun queues the feed again.
// User mutations that the score depends on lock the same row (lockFeedRow), so
// they wait for the short locked part of a run's end, or the run waits for them.
import { writeSystemActivity } from "../audit/system";
import { LICENSEE_PARAM, type TenantTx } from "../data/tenant-db";
import type { CatalogFeed, VariableMapping } from "../generated/prisma/client";
import type { ParsedFeed } from "./parse";
import { guessStandardVariable, mappingIndex, qualityScore, successRate } from "./variables";

const ITEM_CHUNK = 1000;
const HOUR_MS = 3_600_000;
const STATUS_LENGTH = 1000;
/** lastProcessStatus while a run is under way. */
export const PROCESSING_STATUS = "Processing";
export const REQUEUED_STATUS = "The feed's source changed while it was being processed: it is processed again";

export const FEED_ACTIVITY_MESSAGE = { completed: "Catalog feed processed", failed: "Catalog feed processing failed" } as const;

export type ProcessOutcome =
  | { status: "COMPLETED"; totalLines: number; parsedLines: number; errorLines: number; itemsImported: number }
  | { status: "FAILED"; message: string }
  | { status: "SKIPPED" }
  /** The source changed during the run: nothing stored, the feed is queued again. */
  | { status: "REQUEUED" };

/** Locks the feed row until the transaction ends and reads it as it is now (null: gone). */
export async function lockFeedRow(tx: TenantTx, feedId: number): Promise<CatalogFeed | null> {
  await tx.$queryRaw`SELECT id FROM "CatalogFeed" WHERE id = ${feedId} AND "licenseeId" = ${LICENSEE_PARAM} FOR UPDATE`;
  return tx.catalogFeed.findUnique({ where: { id: feedId } });
}

export function nextRunAfter(now: Date, feed: Pick<CatalogFeed, "updateFrequencyHours">): Date {
  return new Date(now.getTime() + feed.updateFrequencyHours * HOUR_MS);
}

function sourceChanged(started: CatalogFeed, current: CatalogFeed): boolean {
  return (
    started.sourceType !== current.sourceType ||
    started.sourceUrl !== current.sourceUrl ||
    started.storedFilePath !== current.storedFilePath ||
    started.sourcePasswordEncrypted !== current.sourcePasswordEncrypted
  );
}

/** The feed changed under the run (archived, another source): what it fetched must not be stored. */
export class StaleRunError extends Error {}

/** The locked feed when the run's result still applies to it. */
async function currentFeed(tx: TenantTx, started: CatalogFeed): Promise<CatalogFeed> {
  const feed = await lockFeedRow(tx, started.id);
  if (!feed || feed.isArchived || sourceChanged(started, feed)) throw new StaleRunError();
  return feed;
}

/** After a StaleRunError: an archived or deleted feed is left alone, any other is queued again at once. */
export async function settleStaleRun(tx: TenantTx, started: CatalogFeed, now: Date): Promise<ProcessOutcome> {
  const feed = await lockFeedRow(tx, started.id);
  if (!feed || feed.isArchived) return { status: "SKIPPED" };
  await tx.catalogFeed.update({ where: { id: feed.id }, data: { updateStatus: "PROCESSING", lastProcessStatus: REQUEUED_STATUS, nextRunAt: now } });
  return { status: "REQUEUED" };
}

/** The system's activity row for a run's end: PROCESSING to COMPLETED or FAILED. */
function feedStatusActivity(tx: TenantTx, feed: CatalogFeed, outcome: "COMPLETED" | "FAILED", lastProcessStatus: string, now: Date) {
  return writeSystemActivity(tx, {
    licenseeId: feed.licenseeId,
    action: "UPDATE",
    entityType: "CATALOG_FEED",
    entityId: feed.id,
    entityName: feed.name,
    entityAdvertiserId: feed.advertiserId,
    message: outcome === "COMPLETED" ? FEED_ACTIVITY_MESSAGE.completed : FEED_ACTIVITY_MESSAGE.failed,
    changes: [
      { fieldName: "updateStatus", oldValue: "PROCESSING", newValue: outcome },
      { fieldName: "lastProcessStatus", oldValue: PROCESSING_STATUS, newValue: lastProcessStatus },
    ],
    createdAt: now,
  });
}

/** Pins the first host key an SFTP server presented (trust on first use). */
function pinOnFirstUse(feed: CatalogFeed, hostKeySha256: string | undefined) {
  return hostKeySha256 && !feed.sftpHostKeySha256 ? { sftpHostKeySha256: hostKeySha256, sftpNewHostKeySha256: null } : {};
}

export interface RunResult {
  parsed: ParsedFeed;
  hostKeySha256?: string;
}

/**
 * Replaces the items, then refreshes the mappings, counts, scores and status.
 * Throws StaleRunError (rolling the items back) when the feed changed under the run.
 */
export async function recordSuccess(tx: TenantTx, started: CatalogFeed, result: RunResult, now: Date): Promise<ProcessOutcome> {
  const { parsed } = result;
  // The long part first, without the feed's lock (only one run of a feed at a time: the job's singleton key).
  await tx.catalogItem.deleteMany({ where: { feedId: started.id } });
  let itemsImported = 0;
  for (let i = 0; i < parsed.items.length; i += ITEM_CHUNK) {
    const chunk = parsed.items.slice(i, i + ITEM_CHUNK).map((item) => ({ feedId: started.id, ...item }));
    itemsImported += (await tx.catalogItem.createMany({ data: chunk, skipDuplicates: true })).count;
  }
  const feed = await currentFeed(tx, started);

  await syncMappings(tx, feed.id, parsed, await tx.variableMapping.findMany({ where: { feedId: feed.id } }));
  const mappings = await tx.variableMapping.findMany({ where: { feedId: feed.id } });

  const lastProcessStatus = completedStatus(parsed).slice(0, STATUS_LENGTH);
  await tx.catalogFeed.update({
    where: { id: feed.id },
    data: {
      totalLines: parsed.totalLines,
      parsedLines: parsed.parsedLines,
      errorLines: parsed.errorLines,
      itemsTotal: parsed.totalLines,
      itemsImported,
      successRate: successRate(parsed.parsedLines, parsed.totalLines),
      qualityScore: qualityScore(parsed.items, mappingIndex(mappings)),
      variablesMapped: mappings.filter((m) => m.standardVariable).length,
      updateStatus: "COMPLETED",
      lastSuccessAt: now,
      lastProcessStatus,
      nextRunAt: nextRunAfter(now, feed),
      ...pinOnFirstUse(feed, result.hostKeySha256),
    },
  });
  await feedStatusActivity(tx, feed, "COMPLETED", lastProcessStatus, now);
  const { totalLines, parsedLines, errorLines } = parsed;
  return { status: "COMPLETED", totalLines, parsedLines, errorLines, itemsImported };
}

/** Marks the run failed with the reason; a changed SFTP host key is kept for the user to accept. */
export async function recordFailure(tx: TenantTx, started: CatalogFeed, message: string, presentedHostKey: string | null, now: Date): Promise<ProcessOutcome> {
  const feed = await currentFeed(tx, started);
  const lastProcessStatus = message.slice(0, STATUS_LENGTH);
  await tx.catalogFeed.update({
    where: { id: feed.id },
    data: {
      updateStatus: "FAILED",
      lastProcessStatus,
      nextRunAt: nextRunAfter(now, feed),
      ...(presentedHostKey ? { sftpNewHostKeySha256: presentedHostKey } : {}),
    },
  });
  await feedStatusActivity(tx, feed, "FAILED", lastProcessStatus, now);
  return { status: "FAILED", message };
}

/**
 * Variables found now are created (with a guessed standard variable) where
 * no mapping of that name exists, or get fresh paths and samples; their
 * standardVariable and description are the user's and stay. Variables gone
 * from the feed are dropped unless a user edited them (version > 1): then
 * they stay, without samples.
 */
async function syncMappings(tx: TenantTx, feedId: number, parsed: ParsedFeed, existing: VariableMapping[]) {
  const byName = new Map(existing.map((m) => [m.name, m]));
  const seen = new Set<string>();
  const created = [];
  for (const variable of parsed.variables) {
    seen.add(variable.name);
    const old = byName.get(variable.name);
    if (old) {
      await tx.variableMapping.update({ where: { id: old.id }, data: { variablePath: variable.variablePath, samples: variable.samples } });
    } else {
      const guess = variable.name === parsed.idVariable ? "id" : guessStandardVariable(variable.name);
      created.push({ feedId, ...variable, standardVariable: guess });
    }
  }
  if (created.length) await tx.variableMapping.createMany({ data: created, skipDuplicates: true });
  const gone = existing.filter((m) => !seen.has(m.name));
  const untouched = gone.filter((m) => m.version === 1).map((m) => m.id);
  if (untouched.length) await tx.variableMapping.deleteMany({ where: { id: { in: untouched }, version: 1 } });
  const edited = gone.filter((m) => m.version > 1).map((m) => m.id);
  if (edited.length) await tx.variableMapping.updateMany({ where: { id: { in: edited } }, data: { samples: [] } });
}

function completedStatus(parsed: ParsedFeed): string {
  const summary = `Completed: ${parsed.parsedLines} of ${parsed.totalLines} lines parsed, ${parsed.errorLines} with errors.`;
  return [summary, ...parsed.messages.map((m) => (m.endsWith(".") ? m : `${m}.`))].join(" ");
}
