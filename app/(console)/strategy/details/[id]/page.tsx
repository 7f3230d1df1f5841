// /strategy/details/{id} (business.md 2): the strategy's status and actions,
// its delivery and pacing over the user's date range, and its review
// sections. The data is lib/strategies/page.ts's; the breadcrumb with the
// strategy dropdown comes from the console shell (the entity registry's crumb).
// Above it, a warning when all its creatives are rejected on a targeted exchange.
import { strategyForPage } from "@/lib/strategies/page";
import { requireConsoleSession } from "@/lib/auth/request";
import { rejectedExchangeWarnings } from "@/lib/creatives/reviews";
import { StrategyDetailsView } from "@/components/strategy/details/strategy-details";
import { ReviewWarning } from "@/components/creative/review-warning";
import { cloneCampaignChoices } from "@/lib/strategies/clone";
import { CloneDialog } from "@/components/strategy/clone-dialog";
import { SaveTemplateDialog } from "@/components/strategy/save-template-dialog";
import { OptimizeButton } from "@/components/optimization/blocking-dialog";
import { RulesDialog } from "@/components/optimization/rules/rules-dialog";
import { optimizeEligibilityFor } from "@/lib/optimization/blocking/strategy";

export const dynamic = "force-dynamic";

export default async function StrategyDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const page = await strategyForPage(id);
  const ctx = await requireConsoleSession();
  const [warnings, campaigns] = await Promise.all([
    rejectedExchangeWarnings(ctx, page.strategy.id),
    page.canWrite ? cloneCampaignChoices(ctx, page.advertiser.id) : [page.campaign],
  ]);
  const { strategy } = page;
  const optimizeEligibility = await optimizeEligibilityFor(ctx, strategy.id);
  return (
    <>
      <ReviewWarning warnings={warnings} />
      <StrategyDetailsView
        page={page}
        actions={
          <>
            <CloneDialog strategy={{ id: strategy.id, name: strategy.name, campaignId: page.campaign.id }} campaigns={campaigns} disabled={!page.canWrite} />
            <SaveTemplateDialog strategyId={strategy.id} strategyName={strategy.name} disabled={!page.canWrite} />
            <OptimizeButton strategyId={strategy.id} strategyName={strategy.name} eligibility={optimizeEligibility} canSave={page.canWrite} />
            <RulesDialog
              strategyId={strategy.id}
              strategyName={strategy.name}
              currencyCode={page.advertiser.currencyCode}
              timeZone={page.timeZone}
              canWrite={page.canWrite}
              inventoryTab={<OptimizeButton strategyId={strategy.id} strategyName={strategy.name} eligibility={optimizeEligibility} canSave={page.canWrite} />}
            />
          </>
        }
      />
    </>
  );
}
