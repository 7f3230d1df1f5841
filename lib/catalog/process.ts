// The background side of catalog feeds: fetch, parse and store one feed
// (processFeed, the catalog-process job), and the sweep that queues feeds
// whose next run is due (refreshDueFeeds, every 5 minutes). System work: no
// session, no role check. The user's request to refresh is audited where it
// is made (mutations.ts); the run's outcome, the feed's status going from
// PROCESSING to COMPLETED or FAILED, gets one "System" activity row in the
// transaction of that change (run.ts; counter updates such as re-scoring get none).
import { licenseeOfRow, systemTenantDb } from "../data/tenant-db";
import type { CatalogFeed } from "../generated/prisma/client";
import { enqueue } from "../jobs/queue";
import { JOB } from "../jobs/names";
import { log } from "../log";
import { fetchFeed, FeedSourceError, HostKeyChangedError } from "./fetch";
import { secureLegacyFeedPasswords } from "./legacy";
import { FeedFormatError, parseFeed } from "./parse";
import {
  nextRunAfter,
  PROCESSING_STATUS,
  recordFailure,
  recordSuccess,
  settleStaleRun,
  StaleRunError,
  type ProcessOutcome,
  type RunResult,
} from "./run";
import { sniffFeedFormat } from "./sniff";
import { dueFeedIds } from "./sweep";
import type { TenantClient } from "../data/tenant-db";

export { FEED_ACTIVITY_MESSAGE, type ProcessOutcome } from "./run";

/** The run's final transaction may replace many thousands of items. */
const STORE_TRANSACTION = { maxWait: 10_000, timeout: 300_000 };

/** Queues one feed for processing; null when it is already queued. */
export function enqueueFeedProcessing(feedId: number): Promise<string | null> {
  return enqueue(JOB.catalogProcess, { feedId }, { singletonKey: String(feedId) });
}

/**
 * Fetches, parses and stores one feed: its items are replaced, its variable
 * mappings refreshed (a user's standardVariable and description are kept),
 * its counts, scores and status updated (run.ts: edits made while it runs
 * survive it). Never throws for a bad feed: the feed ends FAILED with the
 * reason in lastProcessStatus and is retried at its next scheduled run.
 */
export async function processFeed(feedId: number, now: Date = new Date()): Promise<ProcessOutcome> {
  const licenseeId = await licenseeOfRow("catalogFeed", feedId); // null for a malformed job payload too
  if (licenseeId === null) return { status: "SKIPPED" };
  // Everything below acts for the feed's licensee only.
  const db = systemTenantDb(licenseeId);
  const feed = await db.catalogFeed.findUnique({ where: { id: feedId } });
  if (!feed || feed.isArchived) return { status: "SKIPPED" };
  // The next run is set now, so the sweep does not queue the feed again while it is being parsed.
  await db.catalogFeed.update({
    where: { id: feedId },
    data: { updateStatus: "PROCESSING", lastProcessStatus: PROCESSING_STATUS, nextRunAt: nextRunAfter(now, feed) },
  });
  let outcome: ProcessOutcome;
  try {
    const result = await fetchAndParse(db, feed);
    outcome = await db.$transaction((tx) => recordSuccess(tx, feed, result, now), STORE_TRANSACTION);
  } catch (err) {
    outcome = await recordUnfinished(db, feed, err, now);
  }
  if (outcome.status === "REQUEUED") {
    await enqueueFeedProcessing(feedId).catch((err: unknown) =>
      log.warn("catalog: feed not queued again, left to the refresh sweep", { feedId, err: err instanceof Error ? err : new Error(String(err)) }),
    );
  }
  if (outcome.status === "COMPLETED") log.info("catalog: feed processed", { feedId, ...outcome });
  return outcome;
}

/**
 * A run that did not complete: FAILED with the reason a user may read (an
 * unexpected error is logged and said in general words), or, when the feed
 * changed under the run (StaleRunError), queued again.
 */
async function recordUnfinished(db: TenantClient, feed: CatalogFeed, err: unknown, now: Date): Promise<ProcessOutcome> {
  if (!(err instanceof StaleRunError)) {
    const expected = err instanceof FeedSourceError || err instanceof FeedFormatError;
    const message = expected ? err.message : "The feed could not be processed because of a server error";
    if (!expected) log.error("catalog: feed processing failed", { feedId: feed.id, err: err instanceof Error ? err : new Error(String(err)) });
    const presented = err instanceof HostKeyChangedError ? err.presented : null;
    try {
      return await db.$transaction((tx) => recordFailure(tx, feed, message, presented, now));
    } catch (again) {
      if (!(again instanceof StaleRunError)) throw again;
    }
  }
  return db.$transaction((tx) => settleStaleRun(tx, feed, now));
}

/** Everything that takes long, outside any transaction: the download and the parse. */
async function fetchAndParse(db: TenantClient, feed: CatalogFeed): Promise<RunResult> {
  const fetched = await fetchFeed(feed);
  const format = sniffFeedFormat(fetched.bytes);
  if (!format) throw new FeedFormatError("The file is not a CSV, TSV, XML or ZIP feed");
  const idMappings = await db.variableMapping.findMany({ where: { feedId: feed.id, standardVariable: "id" }, select: { name: true } });
  const parsed = await parseFeed(fetched.bytes, format, { idVariables: idMappings.map((m) => m.name) });
  return { parsed, hostKeySha256: fetched.hostKeySha256 };
}

/**
 * Queues every active feed whose next run has come (all licensees: this is
 * the scheduler). Feeds already queued are not queued twice. First moves
 * passwords that older versions kept inside links into their encrypted column.
 */
export async function refreshDueFeeds(now: Date, send: (feedId: number) => Promise<unknown> = enqueueFeedProcessing): Promise<number[]> {
  await secureLegacyFeedPasswords().catch((err: unknown) =>
    log.error("catalog: legacy feed passwords not moved", { err: err instanceof Error ? err : new Error(String(err)) }),
  );
  const due = await dueFeedIds(now, 500);
  for (const id of due) await send(id);
  if (due.length) log.info("catalog: feeds queued for refresh", { count: due.length });
  return due;
}
