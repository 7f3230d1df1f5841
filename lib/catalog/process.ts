// The background side of catalog feeds: fetch, parse and store one feed
// (processFeed, the catalog-process job), and the sweep that queues feeds
// whose next run is due (refreshDueFeeds, every 5 minutes). System work: no
// session, no role check. The user's request to refresh is audited where it
// is made (mutations.ts); the run's outcome, the feed's status going from
// PROCESSING to COMPLETED or FAILED, gets one "System" activity row in the
// transaction of that change (counter updates such as re-scoring get none).
import { writeSystemActivity } from "../audit/system";
import { db, type Tx } from "../db";
import type { CatalogFeed, VariableMapping } from "../generated/prisma/client";
import { enqueue } from "../jobs/queue";
import { JOB } from "../jobs/names";
import { log } from "../log";
import { fetchFeed, FeedSourceError } from "./fetch";
import { FeedFormatError, parseFeed, type ParsedFeed } from "./parse";
import { sniffFeedFormat } from "./sniff";
import { guessStandardVariable, mappingIndex, qualityScore, successRate } from "./variables";

const ITEM_CHUNK = 1000;
const HOUR_MS = 3_600_000;
const STATUS_LENGTH = 1000;
/** lastProcessStatus while a run is under way. */
const PROCESSING_STATUS = "Processing";

export const FEED_ACTIVITY_MESSAGE = { completed: "Catalog feed processed", failed: "Catalog feed processing failed" } as const;

/** The system's activity row for a run's end: PROCESSING to COMPLETED or FAILED. */
function feedStatusActivity(tx: Tx, feed: CatalogFeed, outcome: "COMPLETED" | "FAILED", lastProcessStatus: string, now: Date) {
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

export type ProcessOutcome =
  | { status: "COMPLETED"; totalLines: number; parsedLines: number; errorLines: number; itemsImported: number }
  | { status: "FAILED"; message: string }
  | { status: "SKIPPED" };

/** Queues one feed for processing; null when it is already queued. */
export function enqueueFeedProcessing(feedId: number): Promise<string | null> {
  return enqueue(JOB.catalogProcess, { feedId }, { singletonKey: String(feedId) });
}

/**
 * Fetches, parses and stores one feed: its items are replaced, its variable
 * mappings refreshed (a user's standardVariable and description are kept),
 * its counts, scores and status updated. Never throws for a bad feed: the
 * feed ends FAILED with the reason in lastProcessStatus and is retried at its
 * next scheduled run.
 */
export async function processFeed(feedId: number, now: Date = new Date()): Promise<ProcessOutcome> {
  if (!Number.isSafeInteger(feedId) || feedId <= 0) return { status: "SKIPPED" }; // a malformed job payload
  const feed = await db.catalogFeed.findUnique({ where: { id: feedId } });
  if (!feed || feed.isArchived) return { status: "SKIPPED" };
  // The next run is set now, so the sweep does not queue the feed again while it is being parsed.
  const nextRunAt = new Date(now.getTime() + feed.updateFrequencyHours * HOUR_MS);
  await db.catalogFeed.update({ where: { id: feedId }, data: { updateStatus: "PROCESSING", lastProcessStatus: PROCESSING_STATUS, nextRunAt } });
  try {
    const bytes = await fetchFeed(feed);
    const format = sniffFeedFormat(bytes);
    if (!format) throw new FeedFormatError("The file is not a CSV, TSV, XML or ZIP feed");
    const existing = await db.variableMapping.findMany({ where: { feedId } });
    const idVariables = existing.filter((m) => m.standardVariable === "id").map((m) => m.name);
    const parsed = parseFeed(bytes, format, { idVariables });
    const itemsImported = await db.$transaction((tx) => store(tx, feed, parsed, existing, now, nextRunAt), {
      maxWait: 10_000,
      timeout: 300_000,
    });
    const { totalLines, parsedLines, errorLines } = parsed;
    log.info("catalog: feed processed", { feedId, totalLines, parsedLines, errorLines, itemsImported });
    return { status: "COMPLETED", totalLines, parsedLines, errorLines, itemsImported };
  } catch (err) {
    const expected = err instanceof FeedSourceError || err instanceof FeedFormatError;
    const message = expected ? err.message : "The feed could not be processed because of a server error";
    if (!expected) log.error("catalog: feed processing failed", { feedId, err: err instanceof Error ? err : new Error(String(err)) });
    const lastProcessStatus = message.slice(0, STATUS_LENGTH);
    await db.$transaction(async (tx) => {
      await tx.catalogFeed.update({ where: { id: feedId }, data: { updateStatus: "FAILED", lastProcessStatus, nextRunAt } });
      await feedStatusActivity(tx, feed, "FAILED", lastProcessStatus, now);
    });
    return { status: "FAILED", message };
  }
}

async function store(tx: Tx, feed: CatalogFeed, parsed: ParsedFeed, existing: VariableMapping[], now: Date, nextRunAt: Date) {
  await tx.catalogItem.deleteMany({ where: { feedId: feed.id } });
  let itemsImported = 0;
  for (let i = 0; i < parsed.items.length; i += ITEM_CHUNK) {
    const chunk = parsed.items.slice(i, i + ITEM_CHUNK).map((item) => ({ feedId: feed.id, ...item }));
    itemsImported += (await tx.catalogItem.createMany({ data: chunk, skipDuplicates: true })).count;
  }

  await syncMappings(tx, feed.id, parsed, existing);
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
      nextRunAt,
    },
  });
  await feedStatusActivity(tx, feed, "COMPLETED", lastProcessStatus, now);
  return itemsImported;
}

/**
 * Variables found now are created (with a guessed standard variable) or get
 * fresh paths and samples; their standardVariable and description are the
 * user's and stay. Variables gone from the feed are dropped unless a user
 * edited them (version > 1): then they stay, without samples.
 */
async function syncMappings(tx: Tx, feedId: number, parsed: ParsedFeed, existing: VariableMapping[]) {
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
  if (untouched.length) await tx.variableMapping.deleteMany({ where: { id: { in: untouched } } });
  const edited = gone.filter((m) => m.version > 1).map((m) => m.id);
  if (edited.length) await tx.variableMapping.updateMany({ where: { id: { in: edited } }, data: { samples: [] } });
}

function completedStatus(parsed: ParsedFeed): string {
  const summary = `Completed: ${parsed.parsedLines} of ${parsed.totalLines} lines parsed, ${parsed.errorLines} with errors.`;
  return [summary, ...parsed.messages.map((m) => (m.endsWith(".") ? m : `${m}.`))].join(" ");
}

/**
 * Queues every active feed whose next run has come (all licensees: this is
 * the scheduler). Feeds already queued are not queued twice.
 */
export async function refreshDueFeeds(now: Date, send: (feedId: number) => Promise<unknown> = enqueueFeedProcessing): Promise<number[]> {
  const due = await db.catalogFeed.findMany({
    where: { active: true, isArchived: false, nextRunAt: { lte: now } },
    select: { id: true },
    orderBy: { nextRunAt: "asc" },
    take: 500,
  });
  for (const { id } of due) await send(id);
  if (due.length) log.info("catalog: feeds queued for refresh", { count: due.length });
  return due.map((f) => f.id);
}
