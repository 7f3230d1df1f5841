// Changes to advertisers (business.md 4). Pure server logic taking the session
// context, so server actions, API routes and tests share one implementation.
// Each mutation is one transaction holding the change and its activity rows.
import type { TenantTx } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import type { Advertiser } from "../generated/prisma/client";
import type { EntityType } from "../generated/prisma/enums";
import { writeActivities, writeActivity, statusActivity, type BatchActivityEntry } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { ConflictError } from "../errors";
import { orNotFound, requireWrite } from "../data/gate";
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
export async function createAdvertiser(ctx: SessionContext, input: unknown): Promise<AdvertiserDetails> {
  requireWrite(ctx);
  const data = AdvertiserUpdateSchema.parse(input);
  return withAuditedChange(ctx, async (tx) => {
    await checkTimezone(tx, data.timezoneId);
    await checkLogo(tx, null, data.logoUrl);
    const created = await tx.advertiser.create({ data: { ...toColumns(data), active: true } });
    await tx.appSetting.create({ data: defaultLogoSetting(ctx.licenseeId, created.id) });
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
export async function updateAdvertiser(
  ctx: SessionContext,
  id: number | string,
  expectedVersion: number,
  input: unknown,
): Promise<AdvertiserDetails> {
  requireWrite(ctx); // before validation: a read-only user learns nothing from field errors
  const advertiserId = toAdvertiserId(id);
  const data = AdvertiserUpdateSchema.parse(input);
  return withAuditedChange(ctx, async (tx) => {
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
export async function setAdvertiserActive(
  ctx: SessionContext,
  id: number | string,
  active: boolean,
): Promise<AdvertiserStatusResult> {
  const advertiserId = toAdvertiserId(id);
  return withAuditedChange(ctx, (tx) => setAdvertiserActiveIn(tx, ctx, advertiserId, active));
}

/**
 * setAdvertiserActive inside the caller's transaction, so a bulk change of
 * many advertisers (lib/advertisers/bulk.ts) commits or rolls back as one.
 */
export async function setAdvertiserActiveIn(
  tx: TenantTx,
  ctx: SessionContext,
  advertiserId: number,
  active: boolean,
): Promise<AdvertiserStatusResult> {
  requireWrite(ctx);
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

type ChildRow = { id: number; name: string; active: boolean; entityType: EntityType };
type ChildWhere = { advertiserId: number; isArchived: false };
type IdsWhere = ChildWhere & { id: { in: number[] } };
// An archived row never serves again, so archiving also deactivates it.
const ARCHIVE_DATA = { isArchived: true, active: false, version: { increment: 1 } };
const CHILD_SELECT = { id: true, name: true, active: true } as const;

const AUDIENCE_ENTITY = { WEBSITE: "WEB_AUDIENCE", MOBILE: "APP_AUDIENCE", DMP: "DMP_AUDIENCE", LOOK_ALIKE: "LAL_AUDIENCE" } as const;

/** Everything business.md 4 means by an advertiser's "associated entities". */
const ARCHIVED_CHILDREN: {
  kind: string;
  label: string;
  find(tx: TenantTx, where: ChildWhere): Promise<ChildRow[]>;
  archive(tx: TenantTx, where: IdsWhere): Promise<unknown>;
}[] = [
  {
    kind: "campaigns",
    label: "Campaign",
    find: async (tx, where) => tagged(await tx.campaign.findMany({ where, select: CHILD_SELECT }), "CAMPAIGN"),
    archive: (tx, where) => tx.campaign.updateMany({ where, data: ARCHIVE_DATA }),
  },
  {
    kind: "strategies",
    label: "Strategy",
    find: async (tx, where) => tagged(await tx.strategy.findMany({ where, select: CHILD_SELECT }), "STRATEGY"),
    archive: (tx, where) => tx.strategy.updateMany({ where, data: ARCHIVE_DATA }),
  },
  {
    kind: "pixels",
    label: "Conversion tracker",
    find: async (tx, where) => tagged(await tx.pixel.findMany({ where, select: CHILD_SELECT }), "PIXEL"),
    archive: (tx, where) => tx.pixel.updateMany({ where, data: ARCHIVE_DATA }),
  },
  {
    kind: "creativeSets",
    label: "Creative set",
    find: async (tx, where) => tagged(await tx.creativeSet.findMany({ where, select: CHILD_SELECT }), "CREATIVE_SET"),
    archive: (tx, where) => tx.creativeSet.updateMany({ where, data: ARCHIVE_DATA }),
  },
  {
    kind: "creatives",
    label: "Creative",
    find: async (tx, where) => tagged(await tx.creative.findMany({ where, select: CHILD_SELECT }), "CREATIVE"),
    archive: (tx, where) => tx.creative.updateMany({ where, data: ARCHIVE_DATA }),
  },
  {
    kind: "audiences",
    label: "Audience",
    find: async (tx, where) =>
      (await tx.audience.findMany({ where, select: { ...CHILD_SELECT, source: true } })).map((a) => ({
        id: a.id,
        name: a.name,
        active: a.active,
        entityType: AUDIENCE_ENTITY[a.source],
      })),
    archive: (tx, where) => tx.audience.updateMany({ where, data: ARCHIVE_DATA }),
  },
  {
    kind: "clickDestinations",
    label: "Click destination",
    find: async (tx, where) =>
      tagged(await tx.clickDestination.findMany({ where, select: CHILD_SELECT }), "CLICK_DESTINATION"),
    archive: (tx, where) => tx.clickDestination.updateMany({ where, data: ARCHIVE_DATA }),
  },
  {
    kind: "catalogFeeds",
    label: "Catalog feed",
    find: async (tx, where) => tagged(await tx.catalogFeed.findMany({ where, select: CHILD_SELECT }), "CATALOG_FEED"),
    archive: (tx, where) => tx.catalogFeed.updateMany({ where, data: ARCHIVE_DATA }),
  },
];

function tagged(rows: { id: number; name: string; active: boolean }[], entityType: EntityType): ChildRow[] {
  return rows.map((r) => ({ ...r, entityType }));
}

/**
 * Archives an inactive advertiser and all its associated entities, in one
 * transaction (irreversible). Refused with a ConflictError while the
 * advertiser is active or when it is already archived.
 */
export async function archiveAdvertiser(ctx: SessionContext, id: number | string): Promise<AdvertiserStatusResult> {
  const advertiserId = toAdvertiserId(id);
  return withAuditedChange(ctx, async (tx) => {
    const before = await loadOwned(tx, advertiserId);
    if (before.isArchived) throw new ConflictError(ADVERTISER_MESSAGES.alreadyArchived);
    if (before.active) throw new ConflictError(ADVERTISER_MESSAGES.archiveWhileActive);
    await updateVersioned(tx.advertiser, advertiserId, before.version, { isArchived: true }, "Advertiser");
    const after = await loadOwned(tx, advertiserId);
    await writeActivity(tx, ctx, {
      action: "ARCHIVE",
      ...advertiserEntry(after),
      before: { isArchived: false },
      after: { isArchived: true },
    });

    const where: ChildWhere = { advertiserId, isArchived: false };
    const affected: Record<string, number> = {};
    const entries: BatchActivityEntry[] = [];
    for (const child of ARCHIVED_CHILDREN) {
      const rows = await child.find(tx, where);
      affected[child.kind] = rows.length;
      if (rows.length === 0) continue;
      await child.archive(tx, { ...where, id: { in: rows.map((r) => r.id) } });
      for (const row of rows) {
        entries.push({
          action: "ARCHIVE",
          entityType: row.entityType,
          entityId: row.id,
          entityName: row.name,
          entityAdvertiserId: advertiserId,
          message: `${child.label} archived with its advertiser ${after.name}`,
          changes: diffFields({ isArchived: false, active: row.active }, { isArchived: true, active: false }),
        });
      }
    }
    await writeActivities(tx, ctx, entries);
    return { advertiser: toAdvertiserDetails(after), affected };
  });
}
