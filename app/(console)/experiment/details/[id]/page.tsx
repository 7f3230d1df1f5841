// /experiment/details/{id}: the experiment, its status actions and each arm's
// metrics side by side over the user's date range, with the difference from
// the control and its significance.
import { canWrite as roleCanWrite, shellVisibility } from "@/lib/auth/roles";
import { experimentArmMetrics } from "@/lib/experiments/metrics";
import { experimentForPage } from "@/lib/experiments/page";
import { getPageDateRange } from "@/lib/user-settings/queries";
import { ExperimentDetailsView } from "@/components/experiment/experiment-details";

export const dynamic = "force-dynamic";

export default async function ExperimentDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, ...page } = await experimentForPage(id);
  const { range, picker } = await getPageDateRange(ctx);
  const results = shellVisibility(ctx.role).analyticsTabs ? await experimentArmMetrics(ctx, page.experiment, range) : null;
  return <ExperimentDetailsView {...page} roleCanWrite={roleCanWrite(ctx.role) && page.experiment.status !== "COMPLETED"} results={results} dateRange={picker} />;
}
