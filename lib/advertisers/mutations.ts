// Changes to advertisers (business.md 4), run by the actions of ./actions.ts
// (which check the role) with their scope, so server actions, the REST API
// and tests share one implementation. Each mutation is one transaction holding
// the change and its activity rows. Archiving, which takes every entity of the
// advertiser along, is lib/entities/archive-advertiser.ts.
import type { TenantTx } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import type { ActionScope } from "../data/scope";
import type { Advertiser } from "../generated/prisma/client";
import type { EntityType } from "../generated/prisma/enums";
import { writeActivities, writeActivity, statusActivity, type BatchActivityEntry } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { ConflictError } from "../errors";
import { orNotFound } from "../data/gate";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { toAdvertiserDetails, toAdvertiserId, type AdvertiserDetails } from "./queries";
import { ADVERTISER_UPDATE_FIELDS, AdvertiserUpdateSchema, type AdvertiserUpdate } from "./schema";
import { DEFAULT_ADVERTISER_LOGO, defaultLogoSetting } from "./options";
import { Prisma } from "../generated/prisma/client";
import { validationError } from "../validation/errors";

export const ADVERTISER_MESSAGES = {
  archivedReadOnly: "This advertiser is archived and can no longer be changed.",
  archiveWhileActive: "Deactivate the advertiser before archiving it.",
  logoUnknown: "Choose the logo from the advertiser's logo library",
  timezoneUnknown: "Choose a timezone from the list",
  alreadyArchived: "This advertiser is already archived.",
} as const;

async function loadOwned(tx: TenantTx, id: number): Promise<Advertiser> {
  return orNotFound(await tx.advertiser.findUnique({ where: { id } }), "Advertiser");
}

/** The entity fields of an activity row about an advertiser (its settings and image library write them too). */
export function advertiserEntry(row: Pick<Advertiser, "id" | "name">) {
  return { entityType: "ADVERTISER", entityId: row.id, entityName: row.name, entityAdvertiserId: row.id } as const;
}

/** Prisma wants DbNull, not null, to clear a JSON column. */
function toColumns(data: AdvertiserUpdate) {
  return { ...data, dynamicVideo: data.dynamicVideo ?? Prisma.DbNull };
}

/**
 * The logo must be one we serve: the shared default, or an active logo of
 * this advertiser's image library (a URL typed into the request is refused).
 */
async function checkTimezone(tx: TenantTx, timezoneId: number) {
  if ((await tx.timezone.count({ where: { id: timezoneId } })) === 0) {
    throw validationError(["timezoneId"], ADVERTISER_MESSAGES.timezoneUnknown, timezoneId);
  }
}

async function checkLogo(tx: TenantTx, advertiserId: number | null, logoUrl: string) {
  if (logoUrl === DEFAULT_ADVERTISER_LOGO) return;
  const known =
    advertiserId !== null &&
    (await tx.appSetting.count({
      where: { advertiserId, active: true, key: { in: ["LOGO_LINK", "DEFAULT_LOGO"] }, value: logoUrl },
    })) > 0;
  if (!known) throw validationError(["logoUrl"], ADVERTISER_MESSAGES.logoUnknown, logoUrl);
}

/**
 * Creates an advertiser (active) with the default logo in its image library,
 * and its activity row, in one transaction. New advertisers start with the
 * shared default logo: their own logos are uploaded once the advertiser exists.
 */
export async function createAdvertiser(scope: ActionScope, input: unknown): Promise<AdvertiserDetails> {
  const { ctx } = scope;
  const data = AdvertiserUpdateSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    await checkTimezone(tx, data.timezoneId);
    await checkLogo(tx, null, data.logoUrl);
    const created = await tx.advertiser.create({ data: { ...toColumns(data), active: true } });
    await tx.appSetting.create({ data: defaultLogoSetting(created.id) });
    await writeActivity(tx, ctx, {
      action: "CREATE",
      ...advertiserEntry(created),
      before: null,
      after: created,
      fields: ADVERTISER_UPDATE_FIELDS,
    });
    return toAdvertiserDetails(created);
  });
}

/**
 * Saves the edit form. `expectedVersion` is the version the form was loaded
 * with: if someone saved in between, ConflictError and nothing is written.
 * Invalid input throws the ZodError (toActionError turns it into field errors).
 */
export async function updateAdvertiser(scope: ActionScope, id: number | string, expectedVersion: number, input: unknown): Promise<AdvertiserDetails> {
  const { ctx } = scope;
  const advertiserId = toAdvertiserId(id);
  const data = AdvertiserUpdateSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const before = await loadOwned(tx, advertiserId);
    if (before.isArchived) throw new ConflictError(ADVERTISER_MESSAGES.archivedReadOnly);
    if (before.version !== expectedVersion) throw new ConflictError();
    // An unchanged form writes nothing: no version bump, no empty activity row.
    if (diffFields(before, data, ADVERTISER_UPDATE_FIELDS).length === 0) return toAdvertiserDetails(before);
    if (data.logoUrl !== before.logoUrl) await checkLogo(tx, advertiserId, data.logoUrl);
    if (data.timezoneId !== before.timezoneId) await checkTimezone(tx, data.timezoneId);
    await updateVersioned(tx.advertiser, advertiserId, expectedVersion, toColumns(data), "Advertiser");
    const after = await loadOwned(tx, advertiserId);
    await writeActivity(tx, ctx, {
      action: "UPDATE",
      ...advertiserEntry(after),
      before,
      after,
      fields: ADVERTISER_UPDATE_FIELDS,
    });
    return toAdvertiserDetails(after);
  });
}

export interface AdvertiserStatusResult {
  advertiser: AdvertiserDetails;
  /** Children changed along with the advertiser, per kind (campaigns, strategies, ...). */
  affected: Record<string, number>;
}

/**
 * Activates or deactivates. Deactivating also deactivates every active
 * campaign and strategy of the advertiser (business.md 4: "An inactive
 * advertiser makes all its campaigns and strategies inactive"); activating
 * does not re-activate them, the user chooses which to run again.
 */
export async function setAdvertiserActive(scope: ActionScope, id: number | string, active: boolean): Promise<AdvertiserStatusResult> {
  const advertiserId = toAdvertiserId(id);
  return withAuditedChange(scope, (tx) => setStatus(tx, scope.ctx, advertiserId, active));
}

async function setStatus(tx: TenantTx, ctx: SessionContext, advertiserId: number, active: boolean): Promise<AdvertiserStatusResult> {
  const before = await loadOwned(tx, advertiserId);
  if (before.isArchived) throw new ConflictError(ADVERTISER_MESSAGES.archivedReadOnly);
  let after = before;
  if (before.active !== active) {
    await updateVersioned(tx.advertiser, advertiserId, before.version, { active }, "Advertiser");
    after = await loadOwned(tx, advertiserId);
    await writeActivity(tx, ctx, statusActivity(advertiserEntry(after), active));
  }
  // Also when the advertiser was already inactive: repairs children left active.
  const affected = active ? {} : await deactivateChildren(tx, ctx, after);
  return { advertiser: toAdvertiserDetails(after), affected };
}

/**
 * Deactivates the advertiser's active campaigns and strategies, each with its
 * activity row (business.md 4); also the bulk status change's cascade.
 */
export async function deactivateChildren(tx: TenantTx, ctx: SessionContext, advertiser: Pick<Advertiser, "id" | "name">) {
  const where = { advertiserId: advertiser.id, active: true };
  const select = { id: true, name: true } as const;
  const campaigns = await tx.campaign.findMany({ where, select });
  const strategies = await tx.strategy.findMany({ where, select });
  const data = { active: false, version: { increment: 1 } };
  if (campaigns.length) await tx.campaign.updateMany({ where: { ...where, id: { in: campaigns.map((c) => c.id) } }, data });
  if (strategies.length) await tx.strategy.updateMany({ where: { ...where, id: { in: strategies.map((s) => s.id) } }, data });
  const entry = (entityType: EntityType, label: string) => (row: { id: number; name: string }): BatchActivityEntry => ({
    action: "DEACTIVATE",
    entityType,
    entityId: row.id,
    entityName: row.name,
    entityAdvertiserId: advertiser.id,
    message: `${label} deactivated with its advertiser ${advertiser.name}`,
    changes: diffFields({ active: true }, { active: false }),
  });
  await writeActivities(tx, ctx, [
    ...campaigns.map(entry("CAMPAIGN", "Campaign")),
    ...strategies.map(entry("STRATEGY", "Strategy")),
  ]);
  return { campaigns: campaigns.length, strategies: strategies.length };
}

/**
 * Archives an inactive advertiser itself (irreversible), with its activity
 * row, inside the caller's transaction: lib/entities/archive-advertiser.ts
 * archives its entities along with it. Refused with a ConflictError while the
 * advertiser is active or when it is already archived.
 */
export async function archiveAdvertiserRow(tx: TenantTx, ctx: SessionContext, id: number | string): Promise<Advertiser> {
  const advertiserId = toAdvertiserId(id);
  const before = await loadOwned(tx, advertiserId);
  if (before.isArchived) throw new ConflictError(ADVERTISER_MESSAGES.alreadyArchived);
  if (before.active) throw new ConflictError(ADVERTISER_MESSAGES.archiveWhileActive);
  await updateVersioned(tx.advertiser, advertiserId, before.version, { isArchived: true }, "Advertiser");
  const after = await loadOwned(tx, advertiserId);
  await writeActivity(tx, ctx, { action: "ARCHIVE", ...advertiserEntry(after), before: { isArchived: false }, after: { isArchived: true } });
  return after;
}
