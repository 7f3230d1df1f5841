// Reads of one campaign for the session's licensee, and the two shapes a
// stored campaign takes outside the database: its details (plain JSON: money
// as exact decimal text, times as ISO text; also the REST view) and the
// values its edit form (and a REST PATCH) starts from.
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../actions/fields";
import { NotFoundError } from "../errors";
import { orNotFound } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import type { Campaign } from "../generated/prisma/client";
import { marginPercentText, PACING_OPTIONS, type PacingOptionKey } from "./budget";
import { NEVER_ENDING } from "./rules";
import type { CampaignFormInput } from "./schema";
import { plainRecordState } from "../data/record-state";

/** A campaign id from a URL or a form: anything that cannot be one is "not found". */
export function toCampaignId(id: number | string): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new NotFoundError("Campaign");
  return n;
}

const decimalText = (value: { toString(): string } | null) => (value === null ? null : value.toString());
const count = (value: bigint | null) => (value === null ? null : Number(value)); // caps stay below 2^53 (rules.ts MAX_DELIVERY_CAP)

export function toCampaignDetails(row: Campaign) {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    name: row.name,
    objective: row.objective,
    isRetargeting: row.isRetargeting,
    pixelId: row.pixelId,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime ? row.endTime.toISOString() : null,
    pricingType: row.pricingType,
    pricingValue: row.pricingValue.toString(),
    lifetimeBudget: decimalText(row.lifetimeBudget),
    lifetimeDeliveryCap: count(row.lifetimeDeliveryCap),
    dailyBudget: decimalText(row.dailyBudget),
    deltaDaily: decimalText(row.deltaDaily),
    dailyDeliveryCap: count(row.dailyDeliveryCap),
    dailyAdvSpendBudget: decimalText(row.dailyAdvSpendBudget),
    dailyFcap: row.dailyFcap,
    dailyFcapHours: row.dailyFcapHours,
    lifetimeUserFcap: row.lifetimeUserFcap,
    userFcapDuration: row.userFcapDuration,
    attributionRatio: decimalText(row.attributionRatio),
    cpaTarget: decimalText(row.cpaTarget),
    cpiTarget: decimalText(row.cpiTarget),
    roiTarget: decimalText(row.roiTarget),
    budgetPacing: row.budgetPacing,
    flowRate: decimalText(row.flowRate),
    budgetSpends: row.budgetSpends,
    coolingPeriod: row.coolingPeriod,
    placeboAds: row.placeboAds,
    skadTarget: row.skadTarget,
    incrementalityTest: row.incrementalityTest,
    currencyCode: row.currencyCode,
    ...plainRecordState(row),
  };
}

export type CampaignDetails = ReturnType<typeof toCampaignDetails>;

/** One campaign of the session's licensee (archived ones included: their details stay readable). */
export async function getCampaignOrThrow(ctx: SessionContext, id: number | string): Promise<CampaignDetails> {
  const row = await tenantDb(ctx).campaign.findUnique({ where: { id: toCampaignId(id) } });
  return toCampaignDetails(orNotFound(row, "Campaign"));
}

/**
 * The pacing option a stored campaign was saved with. flowRate holds the
 * option's pacing type id (see pacingColumns in ./mutations.ts); id 10 is
 * read as daily Hourly weightage, since lifetime Evenly (also 10) cannot be chosen.
 */
export function pacingOptionOf(budgetPacing: boolean, flowRate: string | null): PacingOptionKey | null {
  if (!budgetPacing || flowRate === null) return null;
  return PACING_OPTIONS.find((o) => !o.disabled && String(o.pacingTypeId) === String(Number(flowRate)))?.key ?? null;
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * What the campaign form holds for a stored campaign: times as epoch seconds
 * (-1: never ending), a margin as its percentage, blanks as null. Parsing it
 * back gives the stored values, so an untouched form (or a PATCH that sends
 * nothing new) changes nothing.
 */
export function campaignFormValues(c: Omit<CampaignDetails, "isArchived">): Required<CampaignFormInput> {
  return {
    advertiserId: c.advertiserId,
    name: c.name,
    objective: c.objective,
    isRetargeting: c.isRetargeting,
    pixelId: c.pixelId,
    startTime: epochSeconds(c.startTime),
    endTime: c.endTime === null ? NEVER_ENDING : epochSeconds(c.endTime),
    pricingType: c.pricingType,
    pricingValue: c.pricingType === "MARGIN" ? marginPercentText(c.pricingValue) : c.pricingValue,
    lifetimeBudget: c.lifetimeBudget,
    lifetimeDeliveryCap: c.lifetimeDeliveryCap,
    dailyBudget: c.dailyBudget,
    deltaDaily: c.deltaDaily,
    dailyDeliveryCap: c.dailyDeliveryCap,
    dailyAdvSpendBudget: c.dailyAdvSpendBudget,
    dailyFcap: c.dailyFcap,
    dailyFcapHours: c.dailyFcapHours,
    lifetimeUserFcap: c.lifetimeUserFcap,
    attributionRatio: c.attributionRatio,
    cpaTarget: c.cpaTarget,
    cpiTarget: c.cpiTarget,
    roiTarget: c.roiTarget,
    budgetPacing: c.budgetPacing,
    pacingOption: pacingOptionOf(c.budgetPacing, c.flowRate),
    budgetSpends: c.budgetSpends,
    coolingPeriod: c.coolingPeriod,
    placeboAds: c.placeboAds,
    skadTarget: c.skadTarget,
    incrementalityTest: c.incrementalityTest,
  };
}
