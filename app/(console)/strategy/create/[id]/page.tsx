// /strategy/create/{id}: edit a strategy in the wizard (title 'Edit Strategy';
// the edit route as /campaign/create/{id} edits a campaign). Read-only and
// demo users, and everyone on an archived strategy, see every step disabled.
import { requireConsoleSession } from "@/lib/auth/request";
import { StrategyWizard } from "@/components/strategy/wizard/strategy-wizard";
import { editWizardProps } from "@/lib/strategy-wizard/page";

export const dynamic = "force-dynamic";

export default async function EditStrategyPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireConsoleSession();
  const props = await editWizardProps(ctx, (await params).id);
  // A reload after a conflict brings a new version: the wizard starts again from the saved values.
  return <StrategyWizard key={props.version} mode="edit" {...props} />;
}
