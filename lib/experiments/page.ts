// Data of the experiment pages (/experiment/create, /experiment/create/{id},
// /experiment/details/{id}): the session, the experiment of the route and
// what its form and details show beside the stored fields (its campaign and
// advertiser, each arm's metrics over the user's date range). A missing,
// malformed or other licensee's id renders the 404 page.
import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import type { SessionContext } from "../auth/context";
import { canWrite } from "../auth/roles";
import { tenantDb } from "../data/tenant-db";
import { requireRouteRecord } from "../auth/request";
import { getExperimentOrThrow, type ExperimentDetails } from "./queries";

export interface ExperimentPage {
  ctx: SessionContext;
  experiment: ExperimentDetails;
  campaign: { id: number; name: string };
  advertiser: { id: number; name: string; currencyCode: string };
  /** The user may change it: read-write role and not completed. */
  canWrite: boolean;
}

/** The session and the experiment of the route, memoised per request. */
export const experimentForPage = cache(async (id: string): Promise<ExperimentPage> => {
  const { ctx, record: experiment } = await requireRouteRecord(id, getExperimentOrThrow);
  const db = tenantDb(ctx);
  const [campaign, advertiser] = await Promise.all([
    db.campaign.findUnique({ where: { id: experiment.campaignId }, select: { id: true, name: true } }),
    db.advertiser.findUnique({ where: { id: experiment.advertiserId }, select: { id: true, name: true, currencyCode: true } }),
  ]);
  if (!campaign || !advertiser) notFound();
  return { ctx, experiment, campaign, advertiser, canWrite: canWrite(ctx.role) && experiment.status !== "COMPLETED" };
});
