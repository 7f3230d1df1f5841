// Changes to click destinations (business.md 7: create, update; activate and
// deactivate as business.md 4), through the action's tenant-scoped client (the
// action has checked the role): the licensee's own records only, archived
// advertisers read-only; each change with its activity row (entity
// CLICK_DESTINATION) in the same transaction.
import type { ActionScope } from "../data/scope";
import type { ClickDestination } from "../generated/prisma/client";
import { writeActivity, statusActivity } from "../audit/activity";
import { ConflictError } from "../errors";
import { orNotFound, parseId } from "../data/gate";
import type { TenantTx } from "../data/tenant-db";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { clickDestinationSchema, parseStoredParams, summarizeParams } from "./schema";
import { advertiserOpenForWrites } from "../advertisers/queries";

export const CLICK_DESTINATION_STATE_MESSAGES = {
  advertiserArchived: "This advertiser is archived and can no longer be changed.",
} as const;

const AUDITED_FIELDS = ["name", "url", "mmpParams"] as const;

function entry(row: Pick<ClickDestination, "id" | "name" | "advertiserId">) {
  return { entityType: "CLICK_DESTINATION", entityId: row.id, entityName: row.name, entityAdvertiserId: row.advertiserId } as const;
}

/** What the activity log shows: parameters as "key=value, ..." text. */
function audited(row: Pick<ClickDestination, "name" | "url" | "mmpParams">) {
  return { name: row.name, url: row.url, mmpParams: summarizeParams(parseStoredParams(row.mmpParams)) };
}

function writableAdvertiser(tx: TenantTx, advertiserId: number) {
  return advertiserOpenForWrites(tx, advertiserId, CLICK_DESTINATION_STATE_MESSAGES.advertiserArchived);
}

async function loadOwned(tx: TenantTx, id: number): Promise<ClickDestination> {
  return orNotFound(await tx.clickDestination.findFirst({ where: { id, isArchived: false } }), "Click destination");
}

export async function createClickDestination(
  scope: ActionScope,
  advertiserId: number | string,
  input: unknown,
): Promise<{ id: number }> {
  const advId = parseId(String(advertiserId));
  return withAuditedChange(scope, async (tx) => {
    const advertiser = await writableAdvertiser(tx, advId);
    const data = clickDestinationSchema(advertiser.mmp).parse(input);
    const row = await tx.clickDestination.create({
      data: { advertiserId: advertiser.id, name: data.name, url: data.url, mmpParams: data.mmpParams },
    });
    await writeActivity(tx, scope.ctx, { action: "CREATE", ...entry(row), before: null, after: audited(row) });
    return { id: row.id };
  });
}

export async function updateClickDestination(
  scope: ActionScope,
  id: number | string,
  expectedVersion: number,
  input: unknown,
): Promise<{ id: number; version: number; changed: boolean }> {
  const destId = parseId(String(id));
  return withAuditedChange(scope, async (tx) => {
    const before = await loadOwned(tx, destId);
    const advertiser = await writableAdvertiser(tx, before.advertiserId);
    const data = clickDestinationSchema(advertiser.mmp).parse(input);
    const after = { ...before, name: data.name, url: data.url, mmpParams: data.mmpParams };
    const changed = JSON.stringify(audited(before)) !== JSON.stringify(audited(after));
    if (!changed) {
      if (before.version !== expectedVersion) throw new ConflictError();
      return { id: destId, version: before.version, changed: false };
    }
    await updateVersioned(tx.clickDestination, destId, expectedVersion, { name: data.name, url: data.url, mmpParams: data.mmpParams }, "Click destination");
    await writeActivity(tx, scope.ctx, { action: "UPDATE", ...entry(after), before: audited(before), after: audited(after), fields: AUDITED_FIELDS });
    return { id: destId, version: expectedVersion + 1, changed: true };
  });
}

export async function setClickDestinationActive(
  scope: ActionScope,
  id: number | string,
  active: boolean,
): Promise<{ id: number; active: boolean }> {
  const destId = parseId(String(id));
  return withAuditedChange(scope, async (tx) => {
    const before = await loadOwned(tx, destId);
    await writableAdvertiser(tx, before.advertiserId);
    if (before.active === active) return { id: destId, active };
    await updateVersioned(tx.clickDestination, destId, before.version, { active }, "Click destination");
    await writeActivity(tx, scope.ctx, statusActivity(entry(before), active));
    return { id: destId, active };
  });
}
