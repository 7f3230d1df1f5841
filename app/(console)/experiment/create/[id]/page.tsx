// /experiment/create/{id}: edit an experiment (as /campaign/create/{id}).
// Read-only and demo users, and everyone on a completed experiment, see its values disabled.
import { campaignStrategyOptions } from "@/lib/experiments/options";
import { experimentForPage } from "@/lib/experiments/page";
import { experimentFormValues } from "@/lib/experiments/queries";
import { ExperimentForm } from "@/components/experiment/experiment-form";

export const dynamic = "force-dynamic";

export default async function EditExperimentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, experiment, campaign, advertiser, canWrite } = await experimentForPage(id);
  const strategies = await campaignStrategyOptions(ctx, experiment.campaignId, experiment.id);
  const readOnlyReason =
    experiment.status === "COMPLETED"
      ? "This experiment is completed and can no longer be changed."
      : canWrite
        ? undefined
        : "You do not have permission to change experiments.";
  return (
    <ExperimentForm
      // A reload after a conflict brings a new version: the form starts again from the saved values.
      key={experiment.version}
      mode="edit"
      experimentId={experiment.id}
      version={experiment.version}
      armsLocked={experiment.status !== "DRAFT"}
      initial={experimentFormValues(experiment)}
      campaigns={[{ id: campaign.id, name: campaign.name, advertiserName: advertiser.name }]}
      strategies={strategies}
      canWrite={canWrite}
      readOnlyReason={readOnlyReason}
    />
  );
}
