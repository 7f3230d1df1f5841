// /strategy/details/{id} (business.md 2): the strategy's status and actions,
// its delivery and pacing over the user's date range, and its review
// sections. The data is lib/strategies/page.ts's; the breadcrumb with the
// strategy dropdown comes from the console shell (the entity registry's crumb).
// Above it, a warning when all its creatives are rejected on a targeted exchange.
import { strategyForPage } from "@/lib/strategies/page";
import { requireConsoleSession } from "@/lib/tenancy/request";
import { rejectedExchangeWarnings } from "@/lib/creatives/reviews";
import { StrategyDetailsView } from "@/components/strategy/details/strategy-details";
import { ReviewWarning } from "@/components/creative/review-warning";

export const dynamic = "force-dynamic";

export default async function StrategyDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const page = await strategyForPage(id);
  const warnings = await rejectedExchangeWarnings(await requireConsoleSession(), page.strategy.id);
  return (
    <>
      <ReviewWarning warnings={warnings} />
      <StrategyDetailsView page={page} />
    </>
  );
}
