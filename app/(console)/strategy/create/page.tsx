// /strategy/create: a new strategy through the seven-step wizard (business.md
// 2, title 'Create Strategy'). ?campaignId=N starts it under that campaign;
// ?templateId=N pre-fills it from that strategy template.
// Read-only and demo users see every step disabled.
import { requireConsoleSession } from "@/lib/auth/request";
import { StrategyWizard } from "@/components/strategy/wizard/strategy-wizard";
import { createWizardProps } from "@/lib/strategy-wizard/page";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateStrategyPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const params = await searchParams;
  return <StrategyWizard mode="create" {...await createWizardProps(ctx, params.campaignId, params.templateId)} />;
}
