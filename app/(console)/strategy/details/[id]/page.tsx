// /strategy/details/{id} (business.md 2): the strategy's status and actions,
// its delivery and pacing over the user's date range, and its review
// sections. The data is lib/strategies/page.ts's; the breadcrumb with the
// strategy dropdown comes from the console shell (the entity registry's crumb).
import { strategyForPage } from "@/lib/strategies/page";
import { StrategyDetailsView } from "@/components/strategy/details/strategy-details";

export const dynamic = "force-dynamic";

export default async function StrategyDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <StrategyDetailsView page={await strategyForPage(id)} />;
}
