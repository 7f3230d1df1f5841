// Archiving an advertiser (business.md 4: irreversible, only while inactive)
// takes every entity declared `archivedWithAdvertiser` along, in the same
// transaction, each archived row with its own activity row. The entities
// declare it themselves, so a new kind of advertiser-owned entity is archived
// by adding one field to its declaration.
import "server-only";
import type { ActionScope } from "../data/scope";
import { withAuditedChange } from "../data/transaction";
import type { TenantTx } from "../data/tenant-db";
import { writeActivities, type BatchActivityEntry } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { archiveAdvertiserRow, type AdvertiserStatusResult } from "../advertisers/mutations";
import { toAdvertiserDetails } from "../advertisers/queries";
import { sentenceName } from "../contracts/declare-entity";
import type { EntityArchivedWithAdvertiser, EntityKey } from "../contracts/entity";
import { allEntities } from "./registry";

// The models differ in their Prisma types but share the columns read and written here.
type Where = Record<string, unknown>;
interface ArchivableDelegate {
  findMany(args: { where: Where; select: Where }): Promise<Record<string, unknown>[]>;
  updateMany(args: { where: Where; data: Where }): Promise<{ count: number }>;
}

// An archived row never serves again, so archiving also deactivates it.
const ARCHIVE_DATA = { isArchived: true, active: false, version: { increment: 1 } };

/** Archives the entity's open rows of the advertiser; returns their activity rows. */
async function archiveRows(
  tx: TenantTx,
  declared: EntityArchivedWithAdvertiser,
  label: string,
  advertiser: { id: number; name: string },
): Promise<BatchActivityEntry[]> {
  const delegate = (tx as unknown as Record<string, ArchivableDelegate>)[declared.model];
  const where = { advertiserId: advertiser.id, isArchived: false };
  const typeColumn = declared.entityTypeBy?.column;
  const rows = await delegate.findMany({ where, select: { id: true, name: true, active: true, ...(typeColumn ? { [typeColumn]: true } : {}) } });
  if (rows.length === 0) return [];
  await delegate.updateMany({ where: { ...where, id: { in: rows.map((r) => r.id) } }, data: ARCHIVE_DATA });
  return rows.map((row) => ({
    action: "ARCHIVE",
    entityType: typeColumn ? declared.entityTypeBy!.types[row[typeColumn] as string] : declared.entityType,
    entityId: row.id as number,
    entityName: row.name as string,
    entityAdvertiserId: advertiser.id,
    message: `${label} archived with its advertiser ${advertiser.name}`,
    changes: diffFields({ isArchived: false, active: row.active }, { isArchived: true, active: false }),
  }));
}

/**
 * Archives an inactive advertiser and all its associated entities, in one
 * transaction. `affected` counts the archived rows of each entity by its key.
 */
export async function archiveAdvertiser(scope: ActionScope, id: number | string): Promise<AdvertiserStatusResult> {
  return withAuditedChange(scope, async (tx) => {
    const advertiser = await archiveAdvertiserRow(tx, scope.ctx, id);
    const affected: Partial<Record<EntityKey, number>> = {};
    const entries: BatchActivityEntry[] = [];
    for (const entity of allEntities()) {
      if (!entity.archivedWithAdvertiser) continue;
      const archived = await archiveRows(tx, entity.archivedWithAdvertiser, sentenceName(entity.labels), advertiser);
      affected[entity.key] = archived.length;
      entries.push(...archived);
    }
    await writeActivities(tx, scope.ctx, entries);
    return { advertiser: toAdvertiserDetails(advertiser), affected };
  });
}
