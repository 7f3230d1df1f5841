// COHORT tab (business.md 2): only for advertisers with cohort on; not for demo users.
import { loadCohort } from "@/lib/advertisers/cohort";
import { loadAnalyticsTab } from "@/lib/advertisers/tab-loaders";
import { CohortView } from "@/components/advertiser/cohort-view";
import { TabUnavailable } from "@/components/advertiser/tab-unavailable";

export const dynamic = "force-dynamic";

export default async function AdvertiserCohortPage({ params }: { params: Promise<{ id: string }> }) {
  const tab = await loadAnalyticsTab((await params).id);
  if (!tab) return <TabUnavailable />;
  const cohort = await loadCohort(tab.ctx, tab.advertiser.id, tab.range);
  return <CohortView currencyCode={tab.ctx.currencyCode} dateRange={tab.picker} {...cohort} />;
}
