// Activate / deactivate rows of any entity that declares `bulkStatus`: the
// lists' bulk bar and row buttons, the details pages and the REST API all end
// here (shell.md 4 "Bulk activation", business.md 4).
//
// Rows are named by id (a page's selection) or, for "select all matching",
// by the list's filters: the server finds every matching row itself
// (setActiveByFilter), so thousands of rows never travel through the browser.
//
// A call is all or nothing, in one transaction with its activity rows: an id
// that is not the licensee's (or does not exist) makes the whole call "not
// found", an archived row, a row of an archived advertiser or a row whose
// parent is paused makes it a conflict, and in either case nothing is
// written. Rows already in the asked state are left alone (no version bump,
// no activity row).
import "server-only";
import { z } from "../validation/z";
import type { SessionContext } from "../auth/context";
import { writeActivities } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { ConflictError, NotFoundError } from "../errors";
import { isId } from "../data/gate";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import type { EntityType } from "../generated/prisma/enums";
import { MAX_EXPORT_ROWS } from "../list/engine";
import type { ListFilters } from "../list/where";
import { listEntity } from "./lists";
import { findEntity } from "./registry";
import { sentenceName } from "../contracts/declare-entity";
import type { BulkRow, EntityBulkStatus } from "../contracts/entity";

/** More than a page of the largest page size; a list never selects more. */
export const MAX_BULK_IDS = 1000;

export const BulkIdsSchema = z.array(z.number()).min(1, "Select at least one row").max(MAX_BULK_IDS);

/** Untrusted ids from the browser: a list of numbers; any that cannot be an id is "not found". */
export function parseBulkIds(ids: unknown, what: string): number[] {
  const list = BulkIdsSchema.parse(ids);
  if (!list.every(isId)) throw new NotFoundError(what);
  return [...new Set(list)];
}

export interface BulkStatusResult {
  /** Rows whose status changed. */
  changed: number;
  /** Rows asked for. */
  total: number;
}

export interface BulkStatusInput {
  /** The entity key ("campaign"). */
  entity: string;
  /** Untrusted: checked by parseBulkIds. */
  ids: unknown;
  active: boolean;
  /** Only this advertiser's rows (the pixel list of one advertiser); entities owned by an advertiser only. */
  advertiserId?: number;
}

/** The rows to change, after checking every asked id was found and may change. */
export function rowsToChange(what: string, wanted: number[], rows: BulkRow[], active: boolean): BulkRow[] {
  if (rows.length !== wanted.length) throw new NotFoundError(what);
  for (const r of rows) {
    if (r.isArchived) throw new ConflictError(`${what} "${r.name}" is archived and can no longer be changed.`);
    if (active && !r.active && r.inactiveParent) {
      throw new ConflictError(`${what} "${r.name}" cannot be activated while its ${r.inactiveParent} is inactive.`);
    }
  }
  return rows.filter((r) => r.active !== active);
}

/** One ACTIVATE / DEACTIVATE activity row per changed entity, in the change's transaction. */
async function writeStatusActivities(tx: TenantTx, ctx: SessionContext, entityType: EntityType, what: string, rows: BulkRow[], active: boolean) {
  await writeActivities(
    tx,
    ctx,
    rows.map((r) => ({
      action: active ? "ACTIVATE" : "DEACTIVATE",
      entityType: r.entityType ?? entityType,
      entityId: r.id,
      entityName: r.name,
      entityAdvertiserId: r.advertiserId,
      message: `${what} ${active ? "activated" : "deactivated"}`,
      changes: diffFields({ active: !active }, { active }),
    })),
  );
}

// The models differ in their Prisma types but share the columns read and
// written here (id, name, active, isArchived, version, advertiserId and the
// parent relations the declaration names): one structural type serves them all.
type Where = Record<string, unknown>;
interface StatusDelegate {
  findMany(args: { where: Where; select: Where; orderBy: Where }): Promise<Record<string, unknown>[]>;
  updateMany(args: { where: Where; data: Where }): Promise<{ count: number }>;
}

async function writableAdvertiser(tx: TenantTx, advertiserId: number, archivedMessage: string): Promise<void> {
  const advertiser = isId(advertiserId) ? await tx.advertiser.findUnique({ where: { id: advertiserId }, select: { isArchived: true } }) : null;
  if (!advertiser) throw new NotFoundError("Advertiser");
  if (advertiser.isArchived) throw new ConflictError(archivedMessage);
}

function selectOf(bulk: EntityBulkStatus): Where {
  const parents = Object.fromEntries((bulk.activeParents ?? []).map((p) => [p, { select: { active: true } }]));
  return {
    id: true,
    name: true,
    active: true,
    isArchived: true,
    ...(bulk.advertiserColumn === "advertiserId" ? { advertiserId: true } : {}),
    ...(bulk.advertiser ? { advertiser: { select: { isArchived: true } } } : {}),
    ...(bulk.entityTypeBy ? { [bulk.entityTypeBy.column]: true } : {}),
    ...parents,
  };
}

function toBulkRow(bulk: EntityBulkStatus, row: Record<string, unknown>): BulkRow {
  const inactive = (bulk.activeParents ?? []).find((p) => (row[p] as { active: boolean }).active === false);
  return {
    id: row.id as number,
    name: row.name as string,
    active: row.active as boolean,
    isArchived: row.isArchived as boolean,
    advertiserId: row[bulk.advertiserColumn] as number,
    inactiveParent: inactive ?? null,
    ...(bulk.entityTypeBy ? { entityType: bulk.entityTypeBy.types[row[bulk.entityTypeBy.column] as string] } : {}),
  };
}

/** The entity's bulk status declaration and its name for messages; "not found" for an entity without one. */
function bulkEntity(key: string) {
  const entity = findEntity(key);
  const bulk = entity?.bulkStatus;
  if (!entity || !bulk) throw new NotFoundError();
  const what = sentenceName(entity.labels);
  return { entity, bulk, what };
}

/**
 * Activates or deactivates the rows `input.ids` of `input.entity`; see the
 * file's head for the rules. The action refused read-only users before
 * validation, so they learn nothing from the answer.
 */
export async function setActiveInBulk(scope: ActionScope, input: BulkStatusInput): Promise<BulkStatusResult> {
  const { bulk, what } = bulkEntity(input.entity);
  const wanted = parseBulkIds(input.ids, what);
  if (input.advertiserId !== undefined && !bulk.advertiser) throw new NotFoundError(what);
  return withAuditedChange(scope, (tx) => changeStatus(tx, scope.ctx, bulk, what, wanted, input.active === true, input.advertiserId));
}

/** The most rows "select all matching" changes in one call (the list's CSV export reads as many). */
export const MAX_BULK_FILTER_ROWS = MAX_EXPORT_ROWS;

export interface BulkStatusByFilterInput {
  entity: string;
  /** The list's filters as the page shows them (search text, status, parent filters). */
  filters: ListFilters;
  /** The parent a list inside another page is limited to (an advertiser's pixels, a campaign's strategies). */
  scope?: { advertiserId?: number; campaignId?: number };
  active: boolean;
}

/**
 * "Select all matching": activates or deactivates every row of the entity's
 * list that the filters match (every page), found on the server with the
 * list's own query, all or nothing like setActiveInBulk. A scope's parent is
 * checked as the list checks it; another licensee's parent matches nothing.
 */
export async function setActiveByFilter(scope: ActionScope, input: BulkStatusByFilterInput): Promise<BulkStatusResult> {
  const { ctx } = scope;
  const { bulk, what } = bulkEntity(input.entity);
  const { adapter, selectable } = listEntity(input.entity).list;
  if (!selectable) throw new NotFoundError(what);
  const advertiserId = input.scope?.advertiserId;
  if (advertiserId !== undefined && !bulk.advertiser) throw new NotFoundError(what);
  const filters: ListFilters = {
    ...input.filters,
    ...(input.scope?.campaignId !== undefined ? { campaignId: input.scope.campaignId } : {}),
    ...(advertiserId !== undefined ? { advertiserId } : {}),
  };
  return withAuditedChange(
    scope,
    async (tx) => {
      if (adapter.scope) {
        if (advertiserId === undefined) throw new NotFoundError("Advertiser");
        await adapter.scope.check(ctx, advertiserId);
      }
      const wanted = await adapter.ids(ctx, filters);
      if (wanted.length === 0) throw new ConflictError(`No ${what.toLowerCase()} matches the filters.`);
      if (wanted.length > MAX_BULK_FILTER_ROWS) throw new ConflictError(`At most ${MAX_BULK_FILTER_ROWS} rows can be changed at once: narrow the filters.`);
      return changeStatus(tx, ctx, bulk, what, wanted, input.active === true, advertiserId);
    },
    { timeout: 120_000 },
  );
}

/** The change itself, in the caller's transaction: the rows are read, checked, changed and audited together. */
async function changeStatus(
  tx: TenantTx,
  ctx: SessionContext,
  bulk: EntityBulkStatus,
  what: string,
  wanted: number[],
  active: boolean,
  advertiserId: number | undefined,
): Promise<BulkStatusResult> {
  if (bulk.advertiser && advertiserId !== undefined) {
    await writableAdvertiser(tx, advertiserId, bulk.advertiser.archivedMessage);
  }
  const delegate = (tx as unknown as Record<string, StatusDelegate>)[bulk.model];
  const found = await delegate.findMany({
    where: { id: { in: wanted }, ...(advertiserId !== undefined ? { advertiserId } : {}) },
    select: selectOf(bulk),
    orderBy: { id: "asc" },
  });
  if (found.length === wanted.length && bulk.advertiser && found.some((r) => (r.advertiser as { isArchived: boolean }).isArchived)) {
    throw new ConflictError(bulk.advertiser.archivedMessage);
  }
  const rows = found.map((r) => toBulkRow(bulk, r));
  const changing = rowsToChange(what, wanted, rows, active);
  if (changing.length > 0) {
    // The state is re-checked by the UPDATE itself: a concurrent change makes the counts differ.
    const { count } = await delegate.updateMany({
      where: { id: { in: changing.map((r) => r.id) }, active: !active, isArchived: false },
      data: { active, version: { increment: 1 } },
    });
    if (count !== changing.length) throw new ConflictError();
    await writeStatusActivities(tx, ctx, bulk.entityType, what, changing, active);
  }
  await bulk.afterChange?.(tx, ctx, rows, active);
  return { changed: changing.length, total: wanted.length };
}
