// User changes to catalog feeds, through the data gate: the action has checked
// the role; the licensee's own records only, each change with its activity row
// in the same transaction. Parsing itself is background work (process.ts).
import { validationError } from "../validation/errors";
import type { TenantTx } from "../data/tenant-db";
import type { ActionScope } from "../data/scope";
import type { CatalogFeed } from "../generated/prisma/client";
import { writeActivity, statusActivity } from "../audit/activity";
import { diffFields, type ChangedField } from "../audit/diff";
import { ConflictError } from "../errors";
import { orNotFound, parseId } from "../data/gate";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { deleteFeedFile, storeFeedFile } from "./files";
import { checkLinkHost, editLinkColumns, newLinkColumns } from "./link-edit";
import { feedSourceLabel } from "./queries";
import { lockFeedRow } from "./run";
import { FeedCreateSchema, FeedUpdateSchema, VariableMappingUpdateSchema, type FeedFormatName } from "./schema";
import { recomputeFeedScores } from "./scores";

export const CATALOG_MESSAGES = {
  fileRequired: "Choose a CSV, TSV, XML or ZIP file to upload",
  advertiserArchived: "This advertiser is archived and can no longer be changed.",
  feedArchived: "This catalog feed is archived and can no longer be changed.",
} as const;

/** An upload already checked by the action: its format comes from its content. */
export interface FeedUpload {
  name: string;
  bytes: Uint8Array;
  format: FeedFormatName;
}

const HOUR_MS = 3_600_000;
const AUDITED_FIELDS = ["name", "source", "updateFrequencyHours"] as const;

function feedEntry(feed: CatalogFeed) {
  return { entityType: "CATALOG_FEED", entityId: feed.id, entityName: feed.name, entityAdvertiserId: feed.advertiserId } as const;
}

/** What the activity log shows of a feed: never the link's password. */
function audited(feed: Pick<CatalogFeed, "name" | "sourceType" | "format" | "sourceUrl" | "storedFilePath" | "updateFrequencyHours">) {
  return { name: feed.name, source: feedSourceLabel(feed), updateFrequencyHours: feed.updateFrequencyHours };
}

async function loadOwnedFeed(tx: TenantTx, feedId: number): Promise<CatalogFeed> {
  const feed = orNotFound(await tx.catalogFeed.findUnique({ where: { id: feedId } }), "Catalog feed");
  if (feed.isArchived) throw new ConflictError(CATALOG_MESSAGES.feedArchived);
  return feed;
}

const fieldError = (path: string, message: string) => validationError([path], message);

/**
 * Creates a feed from an upload or an FTP/SFTP link (its host checked, its
 * password encrypted: link-edit.ts). The feed starts PROCESSING and due now;
 * the caller queues it (enqueueFeedProcessing) once this transaction has committed.
 */
export async function createFeed(
  scope: ActionScope,
  advertiserId: number | string,
  input: unknown,
  upload?: FeedUpload,
): Promise<{ id: number }> {
  const data = FeedCreateSchema.parse(input);
  if (data.source === "FILE" && !upload) throw fieldError("file", CATALOG_MESSAGES.fileRequired);
  const advId = parseId(String(advertiserId));
  if (data.source === "LINK") await checkLinkHost(data.link);
  const storedFilePath = data.source === "FILE" && upload ? await storeFeedFile(scope.ctx.licenseeId, upload.name, upload.bytes) : null;
  try {
    return await withAuditedChange(scope, async (tx) => {
      const advertiser = orNotFound(await tx.advertiser.findUnique({ where: { id: advId } }), "Advertiser");
      if (advertiser.isArchived) throw new ConflictError(CATALOG_MESSAGES.advertiserArchived);
      const source =
        data.source === "FILE"
          ? { sourceType: "FILE" as const, format: upload!.format, storedFilePath }
          : newLinkColumns(data.link, data.username, data.password);
      const feed = await tx.catalogFeed.create({
        data: {
          advertiserId: advertiser.id,
          name: data.name,
          updateFrequencyHours: data.updateFrequencyHours,
          updateStatus: "PROCESSING",
          lastProcessStatus: "Waiting to be processed",
          nextRunAt: new Date(),
          ...source,
        },
      });
      await writeActivity(tx, scope.ctx, { action: "CREATE", ...feedEntry(feed), before: null, after: audited(feed) });
      return { id: feed.id };
    });
  } catch (err) {
    if (storedFilePath) await deleteFeedFile(storedFilePath).catch(() => {});
    throw err;
  }
}

/**
 * Saves the edit form: name, update frequency and, for a link feed, the link
 * and credentials (an empty password keeps the stored one for the same server
 * and user; saving accepts a new SFTP host key a run reported: link-edit.ts).
 */
export async function updateFeed(scope: ActionScope, feedId: number | string, expectedVersion: number, input: unknown): Promise<{ id: number }> {
  const id = parseId(String(feedId));
  const data = FeedUpdateSchema.parse(input);
  if (data.link) await checkLinkHost(data.link); // before the transaction: DNS may take a while
  return withAuditedChange(scope, async (tx) => {
    const before = await loadOwnedFeed(tx, id);
    if (before.version !== expectedVersion) throw new ConflictError();
    let changes: Partial<CatalogFeed> = { name: data.name, updateFrequencyHours: data.updateFrequencyHours };
    const hidden: ChangedField[] = [];
    if (before.sourceType !== "FILE" && before.sourceUrl) {
      const edit = editLinkColumns({ ...before, sourceUrl: before.sourceUrl }, data);
      changes = { ...changes, ...edit.changes };
      hidden.push(...edit.hiddenChanges);
    }
    if (data.updateFrequencyHours !== before.updateFrequencyHours) {
      changes.nextRunAt = new Date((before.lastSuccessAt ?? new Date()).getTime() + data.updateFrequencyHours * HOUR_MS);
    }
    const after = { ...before, ...changes };
    const visible = diffFields(audited(before), audited(after), AUDITED_FIELDS);
    // A password carried over from a link stored by an older version alone is no user change: the sweep moves it.
    if (visible.length === 0 && hidden.length === 0) return { id };
    await updateVersioned(tx.catalogFeed, id, expectedVersion, changes, "Catalog feed");
    await writeActivity(tx, scope.ctx, { action: "UPDATE", ...feedEntry(after), changes: [...visible, ...hidden] });
    return { id };
  });
}

export async function setFeedActive(scope: ActionScope, feedId: number | string, active: boolean): Promise<{ id: number; active: boolean }> {
  const id = parseId(String(feedId));
  return withAuditedChange(scope, async (tx) => {
    const before = await loadOwnedFeed(tx, id);
    if (before.active === active) return { id, active };
    await updateVersioned(tx.catalogFeed, id, before.version, { active }, "Catalog feed");
    await writeActivity(tx, scope.ctx, statusActivity(feedEntry(before), active));
    return { id, active };
  });
}

/**
 * 'Refresh now': marks the feed PROCESSING and due; the caller queues it.
 * Not a form edit, so the version (the edit form's concurrency check) stays.
 */
export async function requestFeedRefresh(scope: ActionScope, feedId: number | string): Promise<{ id: number }> {
  const id = parseId(String(feedId));
  return withAuditedChange(scope, async (tx) => {
    const before = await loadOwnedFeed(tx, id);
    await tx.catalogFeed.updateMany({
      where: { id },
      data: { updateStatus: "PROCESSING", lastProcessStatus: "Refresh requested", nextRunAt: new Date() },
    });
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      ...feedEntry(before),
      message: "Catalog feed refresh requested",
      changes: diffFields({ updateStatus: before.updateStatus }, { updateStatus: "PROCESSING" }),
    });
    return { id };
  });
}

/**
 * Edits one variable mapping (standard variable, description). Its version
 * marks it as the user's: re-processing the feed keeps it. The feed's
 * mapped-variable count and quality score follow at once.
 */
export async function updateVariableMapping(
  scope: ActionScope,
  mappingId: number | string,
  expectedVersion: number,
  input: unknown,
): Promise<{ id: number; version: number }> {
  const id = parseId(String(mappingId));
  const data = VariableMappingUpdateSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const before = orNotFound(
      await tx.variableMapping.findUnique({ where: { id }, include: { feed: true } }),
      "Variable mapping",
    );
    if (before.feed.isArchived) throw new ConflictError(CATALOG_MESSAGES.feedArchived);
    if (before.version !== expectedVersion) throw new ConflictError();
    const changes = diffFields(before, data, ["standardVariable", "description"]);
    if (changes.length === 0) return { id, version: before.version };
    // Waits for a run of this feed to end (run.ts), so the score below counts the items it stored.
    await lockFeedRow(tx, before.feedId);
    const { count } = await tx.variableMapping.updateMany({
      where: { id, version: expectedVersion },
      data: { ...data, version: { increment: 1 } },
    });
    if (count !== 1) throw new ConflictError();
    await recomputeFeedScores(tx, before.feedId);
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      ...feedEntry(before.feed),
      message: `Catalog feed variable mapping "${before.name}" updated`,
      changes,
    });
    return { id, version: before.version + 1 };
  });
}

