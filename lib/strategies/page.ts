// Data of /strategy/details/{id} (business.md 2, 4): the strategy's header
// (name, status, where it sits), its review sections as the wizard's review
// shows them (./review.ts: plain text, rows the visibility rules hide left
// out, no attribution-type row for read-only users), its delivery over the
// user's date range (tiles and daily chart; none for demo users) and its
// pacing against advertiser spend in the user's timezone (none for roles that
// may not see that spend). Only plain values leave: the page hands them to
// client components as they are. A missing, malformed or other licensee's id
// renders the 404 page.
import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import type { SessionContext } from "../auth/context";
import { canWrite, shellVisibility } from "../auth/roles";
import { NotFoundError } from "../errors";
import { orNotFound } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import type { EntityPacing } from "../delivery/pacing-load";
import { loadMetricsOverview, type MetricsOverview } from "../metrics/home";
import { requireConsoleSession } from "../auth/request";
import { getPageDateRange, getUserTimeSettings } from "../user-settings/queries";
import { loadStrategyPacing } from "./pacing";
import { loadStrategyReview, type ReviewSection } from "./review";

/** The wizard's edit route of a strategy (as /campaign/create/{id} edits a campaign). */
export const strategyEditHref = (id: number) => `/strategy/create/${id}`;

export interface StrategyDetailsPage {
  strategy: { id: number; name: string; active: boolean; isArchived: boolean };
  advertiser: { id: number; name: string; currencyCode: string };
  campaign: { id: number; name: string };
  sections: ReviewSection[];
  /** The user may change the strategy (Edit, Activate / Deactivate): read-write role and the strategy not archived. */
  canWrite: boolean;
  editHref: string;
  /** The user's timezone (IANA), for times the page shows (rule runs). */
  timeZone: string;
  /** What the date range picker shows; the tiles and chart cover this range. */
  dateRange: Awaited<ReturnType<typeof getPageDateRange>>["picker"];
  /** null: the role gets no analytics (demo users, business.md 6). */
  overview: MetricsOverview | null;
  /** null: the role may not see advertiser spend. */
  pacing: EntityPacing | null;
}

/** The details page of one strategy of the session's licensee; NotFoundError for any other id. */
export async function loadStrategyDetailsPage(ctx: SessionContext, id: number | string): Promise<StrategyDetailsPage> {
  const { strategy, review } = await loadStrategyReview(ctx, id);
  const db = tenantDb(ctx);
  const [advertiser, campaign, { range, picker }, { iana }] = await Promise.all([
    db.advertiser.findUnique({ where: { id: strategy.advertiserId }, select: { id: true, name: true, currencyCode: true } }).then((row) => orNotFound(row, "Advertiser")),
    db.campaign.findUnique({ where: { id: strategy.campaignId }, select: { id: true, name: true } }).then((row) => orNotFound(row, "Campaign")),
    getPageDateRange(ctx),
    getUserTimeSettings(ctx),
  ]);
  const [overview, pacing] = await Promise.all([
    shellVisibility(ctx.role).analyticsTabs ? loadMetricsOverview(ctx, { level: "strategy", id: strategy.id, range }) : null,
    loadStrategyPacing(ctx, strategy, iana),
  ]);
  return {
    strategy: { id: strategy.id, name: strategy.name, active: strategy.active, isArchived: strategy.isArchived },
    advertiser,
    campaign,
    sections: review.sections,
    canWrite: canWrite(ctx.role) && !strategy.isArchived,
    editHref: strategyEditHref(strategy.id),
    timeZone: iana,
    dateRange: picker,
    overview,
    pacing,
  };
}

/** The page's data for the signed-in user, memoised per request; the 404 page for an id they may not read. */
export const strategyForPage = cache(async (id: string): Promise<StrategyDetailsPage> => {
  const ctx = await requireConsoleSession();
  try {
    return await loadStrategyDetailsPage(ctx, id);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
});
