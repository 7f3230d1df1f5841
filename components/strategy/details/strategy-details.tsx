// /strategy/details/{id} (business.md 2, 4): a header with where the strategy
// sits (its advertiser and campaign), its status, Edit and Activate /
// Deactivate (each after the 'Warning' question; a refusal, such as an
// inactive campaign or advertiser or a missing SKAD privilege, in the
// server's own words); its delivery over the user's date range (pacing
// against advertiser spend, tiles, daily chart); then the review sections
// BASICS ... CREATIVE SETS. Read-only and demo users see Edit and the status
// action disabled. Everything arrives as plain values from lib/strategies/page.ts.
import type { ReactNode } from "react";
import type { StrategyDetailsPage } from "@/lib/strategies/page";
import { DetailsHeader } from "@/components/common/details-header";
import { DeliveryPerformance } from "@/components/delivery/delivery-performance";
import { ReviewSections } from "@/components/strategy/review-sections";

const STRATEGY_NAMES = { singular: "strategy", plural: "strategies" };

/** `actions`: controls before Edit (the page's Clone and Save as strategy template). */
export function StrategyDetailsView({ page, actions }: { page: StrategyDetailsPage; actions?: ReactNode }) {
  const { strategy, advertiser, campaign } = page;
  return (
    <div className="space-y-4" data-testid="strategy-details">
      <DetailsHeader
        record={strategy}
        parents={[
          { name: advertiser.name, href: `/advertiser/details/${advertiser.id}`, testId: "strategy-advertiser-link" },
          { name: campaign.name, href: `/campaign/details/${campaign.id}`, testId: "strategy-campaign-link" },
        ]}
        kind="Strategy"
        editHref={page.editHref}
        canWrite={page.canWrite}
        testIdPrefix="strategy"
        status={{ entity: "strategy", names: STRATEGY_NAMES }}
        actions={actions}
      />
      <DeliveryPerformance
        idPrefix="strategy"
        currencyCode={advertiser.currencyCode}
        dateRange={page.dateRange}
        overview={page.overview}
        pacing={page.pacing}
        pacingTitle="Pacing (advertiser spend)"
      />
      <ReviewSections sections={page.sections} titles="details" />
    </div>
  );
}
