// Activate / deactivate rows of any entity that declares `bulkStatus`: the
// lists' bulk bar and row buttons, the details pages and the REST API all end
// here (shell.md 4 "Bulk activation", business.md 4).
//
// A call is all or nothing, in one transaction with its activity rows: an id
// that is not the licensee's (or does not exist) makes the whole call "not
// found", an archived row, a row of an archived advertiser or a row whose
// parent is paused makes it a conflict, and in either case nothing is
// written. Rows already in the asked state are left alone (no version bump,
// no activity row).
import "server-only";
import { z } from "zod";
import type { SessionContext } from "../auth/context";
import { writeActivities } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { ConflictError, NotFoundError } from "../data/errors";
import { isId, requireWrite } from "../data/gate";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import type { EntityType } from "../generated/prisma/enums";
import { findEntity } from "./registry";
import type { BulkRow, EntityBulkStatus } from "./types";

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
      entityType,
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
  };
}

/** Activates or deactivates the rows `input.ids` of `input.entity`; see the file's head for the rules. */
export async function setActiveInBulk(ctx: SessionContext, input: BulkStatusInput): Promise<BulkStatusResult> {
  requireWrite(ctx); // before validation: a read-only user learns nothing from the answer
  const entity = findEntity(input.entity);
  const bulk = entity?.bulkStatus;
  if (!entity || !bulk) throw new NotFoundError();
  const what = entity.labels.singular.charAt(0).toUpperCase() + entity.labels.singular.slice(1);
  const wanted = parseBulkIds(input.ids, what);
  const active = input.active === true;
  if (input.advertiserId !== undefined && !bulk.advertiser) throw new NotFoundError(what);
  return withAuditedChange(ctx, async () => {
    const tx = tenantDb(ctx);
    if (bulk.advertiser && input.advertiserId !== undefined) {
      await writableAdvertiser(tx, input.advertiserId, bulk.advertiser.archivedMessage);
    }
    const delegate = (tx as unknown as Record<string, StatusDelegate>)[bulk.model];
    const found = await delegate.findMany({
      where: { id: { in: wanted }, ...(input.advertiserId !== undefined ? { advertiserId: input.advertiserId } : {}) },
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
  });
}
