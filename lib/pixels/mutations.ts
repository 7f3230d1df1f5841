// Changes to conversion trackers (business.md 7: pixel create, update,
// activate, deactivate; business.md 4: new pixels are created active), through
// the data gate: the action has checked the role; the licensee's own records
// only, archived advertisers and pixels read-only; each change with its
// activity row (entity PIXEL) in the same transaction; edits checked against
// the version the form was loaded with.
import type { TenantTx } from "../data/tenant-db";
import type { ActionScope } from "../data/scope";
import type { Pixel } from "../generated/prisma/client";
import { writeActivity } from "../audit/activity";
import { ConflictError } from "../errors";
import { orNotFound, parseId } from "../data/gate";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { PixelInputSchema, type PixelData } from "./schema";
import { advertiserOpenForWrites } from "../advertisers/queries";

export const PIXEL_STATE_MESSAGES = {
  advertiserArchived: "This advertiser is archived and can no longer be changed.",
} as const;

/** The fields the activity log compares (business.md 3 PIXEL). */
const AUDITED_FIELDS = ["name", "type", "viewValidityWindow", "clickValidityWindow", "userFcap", "fcapDuration"] as const;

function entry(row: Pick<Pixel, "id" | "name" | "advertiserId">) {
  return { entityType: "PIXEL", entityId: row.id, entityName: row.name, entityAdvertiserId: row.advertiserId } as const;
}

function audited(row: PixelData | Pixel) {
  return Object.fromEntries(AUDITED_FIELDS.map((f) => [f, row[f]]));
}

function writableAdvertiser(tx: TenantTx, advertiserId: number) {
  return advertiserOpenForWrites(tx, advertiserId, PIXEL_STATE_MESSAGES.advertiserArchived);
}

/** Creates an active pixel for the advertiser. */
export async function createPixel(scope: ActionScope, advertiserId: number | string, input: unknown): Promise<{ id: number; name: string }> {
  const advId = parseId(String(advertiserId));
  const data = PixelInputSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const advertiser = await writableAdvertiser(tx, advId);
    const row = await tx.pixel.create({
      data: { ...data, advertiserId: advertiser.id, active: true },
    });
    await writeActivity(tx, scope.ctx, { action: "CREATE", ...entry(row), before: null, after: { ...audited(row), active: row.active } });
    return { id: row.id, name: row.name };
  });
}

/**
 * Saves the edit form. The pixel must belong to the advertiser of the route.
 * Saving unchanged values writes nothing (no version bump, no activity row)
 * but still refuses a stale version, so the user learns of the other change.
 */
export async function updatePixel(
  scope: ActionScope,
  advertiserId: number | string,
  pixelId: number | string,
  expectedVersion: number,
  input: unknown,
): Promise<{ id: number; version: number; changed: boolean }> {
  const advId = parseId(String(advertiserId));
  const id = parseId(String(pixelId));
  const data = PixelInputSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const before = orNotFound(await tx.pixel.findUnique({ where: { id, advertiserId: advId, isArchived: false } }), "Pixel");
    await writableAdvertiser(tx, before.advertiserId);
    const after = { ...before, ...data };
    const changed = AUDITED_FIELDS.some((f) => before[f] !== after[f]);
    if (!changed) {
      if (before.version !== expectedVersion) throw new ConflictError();
      return { id, version: before.version, changed: false };
    }
    await updateVersioned(tx.pixel, id, expectedVersion, data, "Pixel");
    await writeActivity(tx, scope.ctx, { action: "UPDATE", ...entry(after), before: audited(before), after: audited(after), fields: AUDITED_FIELDS });
    return { id, version: expectedVersion + 1, changed: true };
  });
}
