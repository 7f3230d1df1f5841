// Changes to campaigns (business.md 3 CAMPAIGN, 4, 5 Campaign, 9). Pure server
// logic taking the action's scope (lib/data/scope.ts), so server actions, the
// REST API and tests share one implementation. The action checks the role
// before it reads the input. Each mutation is one transaction holding the
// change and its activity rows. The form's schema (./schema.ts) is built here
// per save: its rules need the server's clock, the stored schedule and the
// licensee's SKAD privilege.
import type { SessionContext } from "../auth/context";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import type { Advertiser, Campaign } from "../generated/prisma/client";
import { licenseeSkadAllowed } from "./skad";
import { writeActivities, writeActivity, type BatchActivityEntry } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { validationError } from "../validation/errors";
import { advertiserOpenForWrites } from "../advertisers/queries";
import { ConflictError } from "../errors";
import { orNotFound } from "../data/gate";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { PACING_OPTIONS } from "./budget";
import { toCampaignDetails, toCampaignId, type CampaignDetails } from "./queries";
import { campaignSchema, type CampaignData } from "./schema";

export const CAMPAIGN_CHANGE_MESSAGES = {
  staleVersion: "This campaign was changed by someone else",
  archivedReadOnly: "This campaign is archived and can no longer be changed.",
  advertiserArchived: "This advertiser is archived: its campaigns can no longer be created or changed.",
  pixelOfOtherAdvertiser: "Choose a pixel of this advertiser",
  pixelArchived: "This pixel is archived: choose another one",
} as const;
const M = CAMPAIGN_CHANGE_MESSAGES;

/** The stored columns the form writes: the activity rows' field list, and what "unchanged" compares. */
export const CAMPAIGN_FIELDS = [
  "advertiserId", "name", "objective", "isRetargeting", "pixelId", "startTime", "endTime", "pricingType", "pricingValue",
  "lifetimeBudget", "lifetimeDeliveryCap", "dailyBudget", "deltaDaily", "dailyDeliveryCap", "dailyAdvSpendBudget",
  "dailyFcap", "dailyFcapHours", "lifetimeUserFcap", "userFcapDuration", "attributionRatio", "cpaTarget", "cpiTarget",
  "roiTarget", "budgetPacing", "flowRate", "budgetSpends", "coolingPeriod", "placeboAds", "skadTarget", "incrementalityTest", "currencyCode",
] as const;

/** The entity fields of an activity row about a campaign. */
export function campaignEntry(row: Pick<Campaign, "id" | "name" | "advertiserId">) {
  return { entityType: "CAMPAIGN", entityId: row.id, entityName: row.name, entityAdvertiserId: row.advertiserId } as const;
}

/**
 * The pacing choice in the two columns a campaign has for it. budgetPacing is
 * the form's switch; flowRate holds the chosen option's pacing type id
 * (business.md 68: 1 lifetime ASAP, 6 daily ASAP, 10 daily Hourly weightage),
 * which names the option alone because lifetime Evenly (also 10) cannot be
 * chosen. Budget spends and cooling period go with pacing (the schema clears
 * them when pacing is off).
 */
function pacingColumns(data: CampaignData) {
  const option = data.budgetPacing ? PACING_OPTIONS.find((o) => o.key === data.pacingOption) : undefined;
  return {
    budgetPacing: data.budgetPacing,
    flowRate: option ? String(option.pacingTypeId) : null,
    budgetSpends: data.budgetSpends,
    coolingPeriod: data.coolingPeriod,
  };
}

/** A field the schema requires is never null once it parsed; the types of its parsers cannot say so. */
function present<T>(value: T | null, field: string): T {
  if (value === null) throw validationError([field], `${field} is required`);
  return value;
}

/**
 * The parsed form as the columns CAMPAIGN_FIELDS names: the form-only pacing
 * fields folded into pacingColumns, the advertiser and currency the stored ones.
 */
function toColumns(data: CampaignData, advertiser: Pick<Advertiser, "id" | "currencyCode">) {
  return {
    advertiserId: advertiser.id,
    name: data.name,
    objective: present(data.objective, "objective"),
    isRetargeting: data.isRetargeting,
    pixelId: data.pixelId,
    startTime: data.startTime,
    endTime: data.endTime,
    pricingType: present(data.pricingType, "pricingType"),
    pricingValue: data.pricingValue,
    lifetimeBudget: data.lifetimeBudget,
    lifetimeDeliveryCap: data.lifetimeDeliveryCap,
    dailyBudget: data.dailyBudget,
    deltaDaily: data.deltaDaily,
    dailyDeliveryCap: data.dailyDeliveryCap,
    dailyAdvSpendBudget: data.dailyAdvSpendBudget,
    dailyFcap: data.dailyFcap,
    dailyFcapHours: data.dailyFcapHours,
    lifetimeUserFcap: data.lifetimeUserFcap,
    userFcapDuration: data.userFcapDuration,
    attributionRatio: data.attributionRatio,
    cpaTarget: data.cpaTarget,
    cpiTarget: data.cpiTarget,
    roiTarget: data.roiTarget,
    ...pacingColumns(data),
    placeboAds: data.placeboAds,
    skadTarget: data.skadTarget,
    incrementalityTest: data.incrementalityTest,
    // A campaign spends in its advertiser's currency (business.md 3).
    currencyCode: advertiser.currencyCode,
  } satisfies Record<(typeof CAMPAIGN_FIELDS)[number], unknown>;
}

async function loadCampaign(tx: TenantTx, id: number): Promise<Campaign> {
  return orNotFound(await tx.campaign.findUnique({ where: { id } }), "Campaign");
}

function writableAdvertiser(tx: TenantTx, id: number): Promise<Advertiser> {
  return advertiserOpenForWrites(tx, id, M.advertiserArchived);
}

/** The pixel must be one of the campaign's advertiser's; one of another advertiser or licensee is a field error, not a 404. */
async function checkPixel(tx: TenantTx, advertiserId: number, pixelId: number | null, savedPixelId: number | null) {
  if (pixelId === null) return;
  const pixel = await tx.pixel.findUnique({ where: { id: pixelId }, select: { advertiserId: true, isArchived: true } });
  if (!pixel || pixel.advertiserId !== advertiserId) throw validationError(["pixelId"], M.pixelOfOtherAdvertiser, pixelId);
  // A pixel archived after it was chosen does not block editing the campaign's other fields.
  if (pixel.isArchived && pixelId !== savedPixelId) throw validationError(["pixelId"], M.pixelArchived, pixelId);
}

const skadPrivilege = (tx: TenantTx, ctx: SessionContext) => licenseeSkadAllowed(tx, ctx.licenseeId);

/**
 * Creates a campaign and its activity row in one transaction. Under an
 * inactive advertiser it starts inactive: a campaign never runs while its
 * advertiser is paused (business.md 4).
 */
export async function createCampaign(scope: ActionScope, input: unknown): Promise<CampaignDetails> {
  const { ctx } = scope;
  return withAuditedChange(scope, async (tx) => {
    const schema = campaignSchema({ mode: "create", now: new Date(), skadAllowed: await skadPrivilege(tx, ctx) });
    const data = schema.parse(input);
    const advertiser = await writableAdvertiser(tx, present(data.advertiserId, "advertiserId"));
    await checkPixel(tx, advertiser.id, data.pixelId, null);
    const created = await tx.campaign.create({
      data: { ...toColumns(data, advertiser), active: advertiser.active },
    });
    await writeActivity(tx, ctx, { action: "CREATE", ...campaignEntry(created), before: null, after: created, fields: CAMPAIGN_FIELDS });
    return toCampaignDetails(created);
  });
}

/**
 * Saves the edit form. `expectedVersion` is the version the form was loaded
 * with: if someone saved in between, ConflictError and nothing is written. The
 * advertiser is fixed at creation: the stored one is kept. An unchanged form
 * writes nothing (no version bump, no activity row).
 */
export async function updateCampaign(
  scope: ActionScope,
  id: number | string,
  expectedVersion: number,
  input: unknown,
): Promise<CampaignDetails> {
  const { ctx } = scope;
  const campaignId = toCampaignId(id);
  return withAuditedChange(scope, async (tx) => {
    const before = await loadCampaign(tx, campaignId);
    if (before.isArchived) throw new ConflictError(M.archivedReadOnly);
    if (before.version !== expectedVersion) throw new ConflictError(M.staleVersion);
    const schema = campaignSchema({
      mode: "edit",
      now: new Date(),
      saved: { startTime: before.startTime, endTime: before.endTime },
      // A campaign saved with SKAD target stays editable if the privilege is later withdrawn.
      skadAllowed: before.skadTarget || (await skadPrivilege(tx, ctx)),
    });
    const data = schema.parse(input);
    const advertiser = await writableAdvertiser(tx, before.advertiserId);
    const columns = toColumns(data, advertiser);
    if (diffFields(before, columns, CAMPAIGN_FIELDS).length === 0) return toCampaignDetails(before);
    await checkPixel(tx, advertiser.id, data.pixelId, before.pixelId);
    await updateVersioned(tx.campaign, campaignId, expectedVersion, columns, "Campaign").catch((e: unknown) => {
      // Saved by someone else since this transaction read the row: the campaign's own message.
      throw e instanceof ConflictError ? new ConflictError(M.staleVersion) : e;
    });
    const after = await loadCampaign(tx, campaignId);
    await writeActivity(tx, ctx, { action: "UPDATE", ...campaignEntry(after), before, after, fields: CAMPAIGN_FIELDS });
    return toCampaignDetails(after);
  });
}

/**
 * Deactivates the active strategies of the given campaigns, each with its
 * activity row, in the caller's transaction (business.md 4: deactivating a
 * campaign deactivates its strategies). The campaigns' bulk status change
 * (./entity.ts) runs it; activating re-activates nothing, the user chooses
 * which strategies run again. Returns how many strategies changed.
 */
export async function deactivateCampaignStrategies(
  tx: TenantTx,
  ctx: SessionContext,
  campaigns: readonly Pick<Campaign, "id" | "name">[],
): Promise<number> {
  if (campaigns.length === 0) return 0;
  const names = new Map(campaigns.map((c) => [c.id, c.name]));
  const where = { campaignId: { in: [...names.keys()] }, active: true, isArchived: false };
  const strategies = await tx.strategy.findMany({ where, select: { id: true, name: true, campaignId: true, advertiserId: true }, orderBy: { id: "asc" } });
  if (strategies.length === 0) return 0;
  const { count } = await tx.strategy.updateMany({
    where: { ...where, id: { in: strategies.map((s) => s.id) } },
    data: { active: false, version: { increment: 1 } },
  });
  // A strategy changed meanwhile by someone else: roll the whole change back rather than log what did not happen.
  if (count !== strategies.length) throw new ConflictError();
  const entries: BatchActivityEntry[] = strategies.map((s) => ({
    action: "DEACTIVATE",
    entityType: "STRATEGY",
    entityId: s.id,
    entityName: s.name,
    entityAdvertiserId: s.advertiserId,
    message: `Strategy deactivated with its campaign ${names.get(s.campaignId)}`,
    changes: diffFields({ active: true }, { active: false }),
  }));
  await writeActivities(tx, ctx, entries);
  return strategies.length;
}
