// /experiment/create: a new A/B experiment. ?campaignId=N starts
// it on that campaign. Read-only and demo users see the form disabled.
import { canWrite } from "@/lib/auth/roles";
import { campaignChoices, campaignStrategyOptions } from "@/lib/experiments/options";
import { NO_END } from "@/lib/experiments/rules";
import { requireConsoleSession } from "@/lib/auth/request";
import { ExperimentForm } from "@/components/experiment/experiment-form";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The next whole hour from now, in epoch seconds: the form's default start. */
const nextHour = () => Math.ceil(Date.now() / 3_600_000) * 3600;

export default async function CreateExperimentPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const writable = canWrite(ctx.role);
  const campaigns = await campaignChoices(ctx);
  const param = (await searchParams).campaignId;
  const preset = typeof param === "string" ? campaigns.find((c) => String(c.id) === param) ?? null : null;
  return (
    <ExperimentForm
      mode="create"
      initial={{
        campaignId: preset?.id ?? null,
        name: "",
        description: "",
        metric: "CTR",
        startTime: nextHour(),
        endTime: NO_END,
        arms: [
          { strategyId: null, trafficPercent: 50 },
          { strategyId: null, trafficPercent: 50 },
        ],
      }}
      campaigns={campaigns}
      strategies={preset ? await campaignStrategyOptions(ctx, preset.id, null) : null}
      canWrite={writable}
      readOnlyReason={writable ? undefined : "You do not have permission to create experiments."}
    />
  );
}
