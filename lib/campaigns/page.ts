// Data of the campaign pages (/campaign/create, /campaign/create/{id},
// /campaign/details/{id}): the session, the campaign of the route and what its
// form and details show beside the stored fields (names of the advertiser and
// pixel, the advertiser's currency, the licensee's SKAD privilege). A missing,
// malformed or other licensee's campaign id renders the 404 page.
import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import type { SessionContext } from "../auth/context";
import { canWrite } from "../auth/roles";
import { tenantDb } from "../data/tenant-db";
import { requireRouteRecord } from "../auth/request";
import { getUserTimeSettings } from "../user-settings/queries";
import { getCampaignOrThrow, type CampaignDetails } from "./queries";
import { licenseeSkadAllowed } from "./skad";
import type { ScheduleZone } from "./schedule-zone";

/** An advertiser as the campaign screens show it: the currency is the campaign's (business.md 3). */
export interface CampaignAdvertiserOption {
  id: number;
  name: string;
  active: boolean;
  currencyCode: string;
}

export interface CampaignPage {
  ctx: SessionContext;
  campaign: CampaignDetails;
  advertiser: CampaignAdvertiserOption;
  pixel: { id: number; name: string; active: boolean } | null;
  /** The user may change the campaign: read-write role and the campaign not archived. */
  canWrite: boolean;
  /** The user's timezone: schedule times are typed and shown in it. */
  zone: ScheduleZone;
}

/** The user's timezone (preferences) as the campaign screens name it. */
export async function scheduleZone(ctx: SessionContext): Promise<ScheduleZone> {
  const { iana, timezoneName } = await getUserTimeSettings(ctx);
  return { iana, name: timezoneName };
}

async function advertiserOption(ctx: SessionContext, id: number): Promise<CampaignAdvertiserOption> {
  const row = await tenantDb(ctx).advertiser.findUnique({ where: { id }, select: { id: true, name: true, active: true, currencyCode: true } });
  if (!row) notFound();
  return row;
}

async function pixelOption(ctx: SessionContext, id: number | null) {
  if (id === null) return null;
  return tenantDb(ctx).pixel.findUnique({ where: { id }, select: { id: true, name: true, active: true } });
}

/** The session and the campaign of the route, memoised per request. */
export const campaignForPage = cache(async (id: string): Promise<CampaignPage> => {
  const { ctx, record: campaign } = await requireRouteRecord(id, getCampaignOrThrow);
  const [advertiser, pixel, zone] = await Promise.all([
    advertiserOption(ctx, campaign.advertiserId),
    pixelOption(ctx, campaign.pixelId),
    scheduleZone(ctx),
  ]);
  return { ctx, campaign, advertiser, pixel, zone, canWrite: canWrite(ctx.role) && !campaign.isArchived };
});

/** Whether the licensee may run SKAD target campaigns (shell.md 7): the form offers the switch only then. */
export function skadTargetAllowed(ctx: SessionContext): Promise<boolean> {
  return licenseeSkadAllowed(tenantDb(ctx), ctx.licenseeId);
}

/**
 * The currency of every advertiser a new campaign may be created under, by id:
 * the picker lists names only, and the form shows the chosen one's currency
 * symbol at once. Ids and codes only, so even a long list stays small.
 */
export async function advertiserCurrencies(ctx: SessionContext): Promise<Record<number, string>> {
  const rows = await tenantDb(ctx).advertiser.findMany({ where: { isArchived: false }, select: { id: true, currencyCode: true } });
  return Object.fromEntries(rows.map((r) => [r.id, r.currencyCode]));
}

/** /campaign/create?advertiserId=N starts the form under that advertiser (from an advertiser's page); anything else starts blank. */
export async function presetAdvertiser(ctx: SessionContext, param: string | string[] | undefined): Promise<CampaignAdvertiserOption | null> {
  if (typeof param !== "string" || !/^\d{1,10}$/.test(param)) return null;
  const row = await tenantDb(ctx).advertiser.findUnique({
    where: { id: Number(param) },
    select: { id: true, name: true, active: true, currencyCode: true, isArchived: true },
  });
  return row && !row.isArchived ? { id: row.id, name: row.name, active: row.active, currencyCode: row.currencyCode } : null;
}

