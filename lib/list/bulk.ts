// Shared rules of bulk activate / deactivate from the dashboard lists
// (shell.md 4 "Bulk activation"). A bulk call is all or nothing: an id that
// is not the licensee's (or does not exist) makes the whole call "not found",
// an archived row or a row whose parent is paused makes it a conflict, and in
// either case nothing is written. Rows already in the asked state are left
// alone (no version bump, no activity row).
import { z } from "zod";
import type { SessionContext } from "../auth/context";
import type { Tx } from "../db";
import type { EntityType } from "../generated/prisma/enums";
import { diffFields } from "../audit/diff";
import { ConflictError, NotFoundError } from "../data/errors";
import { isId } from "../data/gate-core";
import { writeActivities } from "../data/transaction";

/** More than a page of the largest page size; a list never selects more. */
export const MAX_BULK_IDS = 1000;

const IdsSchema = z.array(z.number()).min(1, "Select at least one row").max(MAX_BULK_IDS);

/** Untrusted ids from the browser: a list of numbers; any that cannot be an id is "not found". */
export function parseBulkIds(ids: unknown, what: string): number[] {
  const list = IdsSchema.parse(ids);
  if (!list.every(isId)) throw new NotFoundError(what);
  return [...new Set(list)];
}

export interface BulkRow {
  id: number;
  name: string;
  active: boolean;
  isArchived: boolean;
  advertiserId: number;
  /** Activating is refused while this parent is inactive ("advertiser", "campaign"); null when none is. */
  inactiveParent: string | null;
}

export interface BulkStatusResult {
  /** Rows whose status changed. */
  changed: number;
  /** Rows asked for. */
  total: number;
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
export async function writeStatusActivities(
  tx: Tx,
  ctx: SessionContext,
  entityType: EntityType,
  what: string,
  rows: BulkRow[],
  active: boolean,
): Promise<void> {
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
