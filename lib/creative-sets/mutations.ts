// Changes to creative sets (business.md 3 CREATIVE SET, 4, 7): create, edit
// and reschedule. Pure server logic taking the action's scope
// (lib/data/scope.ts), so server actions, the REST API and tests share one
// implementation. The action checks the role before it reads the input. Each
// mutation is one transaction holding the change and its activity row (field
// by field).
// The schema (./schema.ts) is built here per save: its rules need the
// server's clock and the stored schedule.
//
// business.md 4: giving a set a start date moves it from inactive to active.
// A new set always has a start (the form requires one), so it starts active;
// an inactive set becomes active when an edit or a reschedule gives it a new
// start; deactivating leaves the start alone, so it stays inactive until then.
import type { SessionContext } from "../auth/context";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import type { Advertiser, CreativeSet } from "../generated/prisma/client";
import { writeActivity } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { validationError } from "../validation/errors";
import { advertiserOpenForWrites } from "../advertisers/queries";
import { ConflictError } from "../errors";
import { orNotFound } from "../data/gate";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { toCreativeSetDetails, toCreativeSetId, type CreativeSetDetails } from "./queries";
import { CREATIVE_SET_CHANGE_MESSAGES as M, creativeSetSchema, rescheduleSchema, type CreativeSetData, type RescheduleData } from "./schema";

export { CREATIVE_SET_CHANGE_MESSAGES } from "./rules";

/** The stored columns the form writes (and `active`, which a new start may flip): the activity rows' field list. */
export const CREATIVE_SET_FIELDS = [
  "advertiserId", "name", "type", "clickDestinationId", "timezoneId", "dailyMediaBudget", "startTime", "endTime",
  "scheduledTimezoneId", "dcoAd", "isPlacebo", "sizes", "active",
] as const;

/** The entity fields of an activity row about a creative set (CREATIVE_SET entries link to its details). */
export function creativeSetEntry(row: Pick<CreativeSet, "id" | "name" | "advertiserId">) {
  return { entityType: "CREATIVE_SET", entityId: row.id, entityName: row.name, entityAdvertiserId: row.advertiserId } as const;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Whether this save gives the set a start it did not have (a new or moved start date). */
const givesNewStart = (before: Pick<CreativeSet, "startTime"> | null, startTime: string | null) =>
  startTime !== null && (before === null || iso(before.startTime) !== startTime);

/** The active flag after a save: an inactive set given a new start becomes active (business.md 4). */
const activeAfter = (before: Pick<CreativeSet, "active" | "startTime"> | null, startTime: string | null) =>
  (before?.active ?? false) || givesNewStart(before, startTime);

function scheduleColumns(data: Pick<RescheduleData, "startTime" | "endTime" | "scheduledTimezoneId">) {
  return { startTime: data.startTime, endTime: data.endTime, scheduledTimezoneId: data.scheduledTimezoneId };
}

/** The parsed form as stored columns; the advertiser and type are the saved ones on edit (fixed once created). */
function toColumns(data: CreativeSetData, fixed: { advertiserId: number; type: CreativeSet["type"] }) {
  return {
    advertiserId: fixed.advertiserId,
    name: data.name,
    type: fixed.type,
    clickDestinationId: data.clickDestinationId,
    timezoneId: data.timezoneId!,
    dailyMediaBudget: data.dailyMediaBudget,
    ...scheduleColumns(data),
    dcoAd: data.dcoAd,
    isPlacebo: data.isPlacebo,
    sizes: data.sizes,
  };
}

async function loadSet(tx: TenantTx, id: number): Promise<CreativeSet> {
  return orNotFound(await tx.creativeSet.findUnique({ where: { id } }), "Creative set");
}

/** A set that may change: not archived, and still at the version the form was loaded with. */
async function writableSet(tx: TenantTx, id: number, expectedVersion: number): Promise<CreativeSet> {
  const before = await loadSet(tx, id);
  if (before.isArchived) throw new ConflictError(M.archivedReadOnly);
  if (before.version !== expectedVersion) throw new ConflictError(M.staleVersion);
  return before;
}

function writableAdvertiser(tx: TenantTx, id: number): Promise<Advertiser> {
  return advertiserOpenForWrites(tx, id, M.advertiserArchived);
}

/** The click destination must be one of the set's advertiser's; another advertiser's or licensee's is a field error. */
async function checkClickDestination(tx: TenantTx, advertiserId: number, id: number | null, savedId: number | null) {
  if (id === null || id === savedId) return;
  const row = await tx.clickDestination.findUnique({ where: { id }, select: { advertiserId: true, isArchived: true } });
  if (!row || row.advertiserId !== advertiserId || row.isArchived) throw validationError(["clickDestinationId"], M.clickDestinationOfOtherAdvertiser, id);
}

/** Timezones are reference data: an id not in the dictionary is a field error. */
async function checkTimezones(tx: TenantTx, ids: Partial<Record<"timezoneId" | "scheduledTimezoneId", number | null>>) {
  for (const [field, id] of Object.entries(ids)) {
    if (id !== null && id !== undefined && (await tx.timezone.count({ where: { id } })) === 0) throw validationError([field], M.timezoneUnknown, id);
  }
}

/** Writes the columns if they changed anything, with one UPDATE activity row; answers the stored set. */
async function saveChanges(tx: TenantTx, ctx: SessionContext, before: CreativeSet, columns: Record<string, unknown>): Promise<CreativeSetDetails> {
  if (diffFields(before, columns, Object.keys(columns)).length === 0) return toCreativeSetDetails(before);
  await updateVersioned(tx.creativeSet, before.id, before.version, columns, "Creative set").catch((e: unknown) => {
    // Saved by someone else since this transaction read the row: the set's own message.
    throw e instanceof ConflictError ? new ConflictError(M.staleVersion) : e;
  });
  const after = await loadSet(tx, before.id);
  await writeActivity(tx, ctx, { action: "UPDATE", ...creativeSetEntry(after), before, after, fields: CREATIVE_SET_FIELDS });
  return toCreativeSetDetails(after);
}

/** Creates a set, active since it has a start (business.md 4), with its CREATE activity row, in one transaction. */
export async function createCreativeSet(scope: ActionScope, input: unknown): Promise<CreativeSetDetails> {
  const { ctx } = scope;
  return withAuditedChange(scope, async (tx) => {
    const data = creativeSetSchema({ mode: "create", now: new Date() }).parse(input);
    const advertiser = await writableAdvertiser(tx, data.advertiserId!);
    await checkClickDestination(tx, advertiser.id, data.clickDestinationId, null);
    await checkTimezones(tx, { timezoneId: data.timezoneId, scheduledTimezoneId: data.scheduledTimezoneId });
    const columns = toColumns(data, { advertiserId: advertiser.id, type: data.type! });
    const created = await tx.creativeSet.create({
      data: { ...columns, active: activeAfter(null, columns.startTime) },
    });
    await writeActivity(tx, ctx, { action: "CREATE", ...creativeSetEntry(created), before: null, after: created, fields: CREATIVE_SET_FIELDS });
    return toCreativeSetDetails(created);
  });
}

/**
 * Saves the edit form. `expectedVersion` is the version the form was loaded
 * with: if someone saved in between, ConflictError and nothing is written.
 * The advertiser and type are fixed at creation (the stored ones are kept).
 * An unchanged form writes nothing (no version bump, no activity row).
 */
export async function updateCreativeSet(scope: ActionScope, id: number | string, expectedVersion: number, input: unknown): Promise<CreativeSetDetails> {
  const { ctx } = scope;
  const setId = toCreativeSetId(id);
  return withAuditedChange(scope, async (tx) => {
    const before = await writableSet(tx, setId, expectedVersion);
    const data = creativeSetSchema({ mode: "edit", now: new Date(), saved: before }).parse(input);
    await writableAdvertiser(tx, before.advertiserId);
    await checkClickDestination(tx, before.advertiserId, data.clickDestinationId, before.clickDestinationId);
    await checkTimezones(tx, { timezoneId: data.timezoneId, scheduledTimezoneId: data.scheduledTimezoneId });
    const columns = toColumns(data, before);
    return saveChanges(tx, ctx, before, { ...columns, active: activeAfter(before, columns.startTime) });
  });
}

/** business.md 7 reschedule: start, end and the scheduled timezone only, with the form's rules; a new start activates. */
export async function rescheduleCreativeSet(scope: ActionScope, id: number | string, expectedVersion: number, input: unknown): Promise<CreativeSetDetails> {
  const { ctx } = scope;
  const setId = toCreativeSetId(id);
  return withAuditedChange(scope, async (tx) => {
    const before = await writableSet(tx, setId, expectedVersion);
    const data = rescheduleSchema({ mode: "edit", now: new Date(), saved: before }).parse(input);
    await writableAdvertiser(tx, before.advertiserId);
    await checkTimezones(tx, { scheduledTimezoneId: data.scheduledTimezoneId });
    const columns = scheduleColumns(data);
    return saveChanges(tx, ctx, before, { ...columns, active: activeAfter(before, columns.startTime) });
  });
}
