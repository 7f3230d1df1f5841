// COHORT tab (business.md 2): only for advertisers with cohort on; not for demo users.
import { advertiserForPage } from "@/lib/advertisers/page";
import { loadCohort } from "@/lib/advertisers/cohort";
import { shellVisibility } from "@/lib/auth/roles";
import { getUserDateRangeSettings } from "@/lib/user-settings/queries";
import { CohortView } from "@/components/advertiser/cohort-view";
import { TabUnavailable } from "@/components/advertiser/tab-unavailable";

export const dynamic = "force-dynamic";

export default async function AdvertiserCohortPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, advertiser } = await advertiserForPage(id);
  if (!shellVisibility(ctx.role).analyticsTabs) return <TabUnavailable />;
  const { settings, stored } = await getUserDateRangeSettings(ctx);
  const cohort = await loadCohort(ctx, advertiser.id, settings.range);
  return (
    <CohortView
      currencyCode={ctx.currencyCode}
      dateRange={{ stored, from: settings.range.from, to: settings.range.to, timezoneName: settings.timezoneName }}
      {...cohort}
    />
  );
}
