// What the tabs of /advertiser/details/{id} load beside the advertiser: the
// ANALYTICS and COHORT tabs the user's date range (the list tabs:
// lib/entities/advertiser-list-tab.ts).
import "server-only";
import { shellVisibility } from "../auth/roles";
import { getPageDateRange } from "../user-settings/queries";
import { advertiserForPage } from "./page";

/** What Next.js hands a tab page under /advertiser/details/{id}. */
export interface AdvertiserTabProps {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** An ANALYTICS or COHORT tab: the route's advertiser and the user's date range; null for roles without these tabs. */
export async function loadAnalyticsTab(id: string) {
  const page = await advertiserForPage(id);
  if (!shellVisibility(page.ctx.role).analyticsTabs) return null;
  return { ...page, ...(await getPageDateRange(page.ctx)) };
}
