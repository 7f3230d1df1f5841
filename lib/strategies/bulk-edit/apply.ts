// Applying a reviewed bulk edit: all or nothing, in one transaction. Every
// strategy must still have the version the review was computed on (else
// nothing is written and the answer names them), the edit is computed again
// inside the transaction exactly as the review computed it (./plan.ts), a
// strategy whose result breaks a rule refuses the whole edit, and each changed
// strategy gets its version bump and its normal activity row (one field per
// readable row that changed, lists as items added and removed). Reads and
// writes are batched: one read of the strategies, one per kind of reference,
// one UPDATE per changed strategy (each row's values differ), one delete and
// one insert per association table, two inserts for all activity rows.
import "server-only";
import { writeActivities } from "../../audit/activity";
import { validationError } from "../../validation/errors";
import { ConflictError } from "../../errors";
import { updateVersioned, withAuditedChange } from "../../data/transaction";
import type { ActionScope } from "../../data/scope";
import type { TenantTx } from "../../data/tenant-db";
import { strategyEntry } from "../mutations";
import type { BulkEdit } from "./merge";
import { columnsOf, computeBulkEdit, loadBulkRows, type ComputedEdit } from "./plan";
import { BULK_EDIT_MESSAGES as M } from "./schema";
import { withBatchTime } from "../../connections/settings";

/**
 * Transaction time a strategy adds: its read, checked update, associations
 * and activity rows. 500 strategies took 60 s on a loaded machine's PGlite
 * (120 ms each): 150 ms leaves room.
 */
export const BULK_EDIT_MS_PER_STRATEGY = 150;

export interface BulkEditApplyResult {
  /** Strategies changed (each with its activity row). */
  changed: number;
  /** Strategies the edit left as they were. */
  unchanged: number;
}

const namesOf = (rows: readonly { name: string }[]) => rows.map((r) => r.name).join(", ");

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Replaces the pixels, creatives and creative sets of the strategies whose lists changed, one delete and one insert per table. */
async function writeAssociations(tx: TenantTx, edits: readonly ComputedEdit[]): Promise<void> {
  const tables = [
    { before: (c: ComputedEdit) => c.row.pixels.map((p) => p.pixelId), after: (c: ComputedEdit) => c.data!.pixelIds, table: tx.strategyPixel, key: "pixelId" },
    { before: (c: ComputedEdit) => c.row.creatives.map((p) => p.creativeId), after: (c: ComputedEdit) => c.data!.creativeIds, table: tx.strategyCreative, key: "creativeId" },
    { before: (c: ComputedEdit) => c.row.creativeSets.map((p) => p.creativeSetId), after: (c: ComputedEdit) => c.data!.creativeSetIds, table: tx.strategyCreativeSet, key: "creativeSetId" },
  ] as const;
  for (const t of tables) {
    const changing = edits.filter((c) => !sameIds(t.before(c), t.after(c)));
    if (changing.length === 0) continue;
    const table = t.table as unknown as {
      deleteMany(a: { where: { strategyId: { in: number[] } } }): Promise<unknown>;
      createMany(a: { data: Record<string, number>[] }): Promise<unknown>;
    };
    await table.deleteMany({ where: { strategyId: { in: changing.map((c) => c.row.id) } } });
    const data = changing.flatMap((c) => t.after(c).map((id) => ({ strategyId: c.row.id, [t.key]: id })));
    if (data.length > 0) await table.createMany({ data });
  }
}

/**
 * Applies the edit to the strategies `ids`; `versions` (id → version) are the
 * versions the review showed. Nothing is written unless every strategy is
 * unchanged since the review and every result keeps every rule.
 */
export async function applyStrategyBulkEdit(
  scope: ActionScope,
  ids: readonly number[],
  versions: Readonly<Record<string, number>>,
  edit: BulkEdit,
): Promise<BulkEditApplyResult> {
  const { ctx } = scope;
  return withBatchTime(ids.length, BULK_EDIT_MS_PER_STRATEGY, (timeout) => withAuditedChange(
    scope,
    async (tx) => {
      const rows = await loadBulkRows(tx, ids);
      const stale = rows.filter((r) => versions[String(r.id)] !== r.version);
      if (stale.length > 0) throw new ConflictError(M.changedSinceReview + namesOf(stale));
      const { plan, computed } = await computeBulkEdit(tx, ctx, rows, edit, (iso) => iso);
      if (plan.problems.length > 0) {
        throw validationError([], M.brokenRules + plan.problems.map((p) => `${p.name} (${p.messages.join("; ")})`).join(", "));
      }
      const raced: string[] = [];
      for (const c of computed) {
        // The UPDATE re-checks the version: a save that slipped in after the read above is caught here.
        await updateVersioned(tx.strategy, c.row.id, c.row.version, columnsOf(c), "Strategy").catch((e: unknown) => {
          if (e instanceof ConflictError) raced.push(c.row.name);
          else throw e;
        });
      }
      if (raced.length > 0) throw new ConflictError(M.changedSinceReview + raced.join(", "));
      await writeAssociations(tx, computed);
      await writeActivities(
        tx,
        ctx,
        computed.map((c) => ({ action: "UPDATE", ...strategyEntry(c.row), message: "Strategy updated", changes: c.auditChanges })),
      );
      return { changed: computed.length, unchanged: plan.unchanged.length };
    },
    { timeout },
  ));
}
