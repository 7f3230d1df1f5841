"use client";
// The experiment create and edit form: campaign, name,
// description, the compared conversion rate, start and end (UTC), and two or
// more arms (a strategy of the campaign and its share of the traffic, the
// shares adding up to 100%). The schema of lib/experiments/schema.ts
// validates here and again in the server action; both answers land beside
// the same fields. The campaign is fixed once saved, and the arms'
// strategies once the experiment has started. Read-only and demo users see
// the values with every control disabled and no Save. A save refused because
// someone else saved first keeps what was typed and offers the latest version.
import { useEffect, useState } from "react";
import { Controller, FormProvider } from "react-hook-form";
import { createExperimentAction, experimentStrategyOptionsAction, updateExperimentAction } from "@/lib/experiments/actions";
import type { CampaignChoice, StrategyChoice } from "@/lib/experiments/options";
import { EXPERIMENT_METRICS, ExperimentSchema, METRIC_VALUES, NO_END, type ExperimentFormInput } from "@/lib/experiments/schema";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { EntityFormFrame } from "@/components/forms/entity-form-frame";
import { CheckboxField, FormSection, InputField, SelectField, TextareaField } from "@/components/ui/field";
import { ExperimentArms, experimentFieldId } from "./experiment-form-arms";
import { fromUtcInput, toUtcInput } from "./utc-time";

export interface ExperimentFormProps {
  mode: "create" | "edit";
  experimentId?: number;
  version?: number;
  /** Edit: the strategies can change only while a draft. */
  armsLocked?: boolean;
  initial: ExperimentFormInput;
  campaigns: CampaignChoice[];
  /** The campaign's strategies when it is known on load (edit, or a preset campaign). */
  strategies: StrategyChoice[] | null;
  canWrite: boolean;
  readOnlyReason?: string;
}

const schema = ExperimentSchema.in;
const id = experimentFieldId;

/** The campaign's strategies to offer: none until those of the campaign now chosen have loaded. */
function useCampaignStrategies(campaignId: number | null | undefined, experimentId: number | undefined, initialCampaignId: number | null, initial: StrategyChoice[] | null) {
  const [strategies, setStrategies] = useState<StrategyChoice[] | null>(initial);
  const [loadedFor, setLoadedFor] = useState<number | null>(initialCampaignId);
  useEffect(() => {
    if (!campaignId || campaignId === loadedFor) return;
    let cancelled = false;
    experimentStrategyOptionsAction({ campaignId, ...(experimentId ? { experimentId } : {}) }).then((result) => {
      if (cancelled) return;
      setLoadedFor(campaignId);
      setStrategies(result.ok ? result.data : []);
    });
    return () => {
      cancelled = true;
    };
  }, [campaignId, loadedFor, experimentId]);
  return campaignId && loadedFor === campaignId ? (strategies ?? []) : [];
}

export function ExperimentForm(props: ExperimentFormProps) {
  const { mode, experimentId, version, armsLocked = false, initial, campaigns, canWrite, readOnlyReason } = props;
  // A stale version (409) keeps the typed values and offers the latest: useEntityForm.
  const { form, frame, errorOf } = useEntityForm<ExperimentFormInput, { id: number }>({
    mode,
    schema,
    initial,
    canWrite,
    create: createExperimentAction,
    update: (values) => updateExperimentAction({ id: experimentId!, version: version!, ...values }),
    detailsHref: (id) => `/experiment/details/${id}`,
  });

  // A newly chosen campaign: its strategies (the arms chosen so far are another campaign's).
  const campaignId = form.watch("campaignId");
  const offered = useCampaignStrategies(campaignId, experimentId, props.strategies ? initial.campaignId : null, props.strategies);

  const endTime = form.watch("endTime");
  const title = mode === "create" ? "New Experiment" : "Edit Experiment";
  return (
    <FormProvider {...form}>
      <EntityFormFrame
        {...frame}
        title={title}
        testId="experiment"
        cancelHref={experimentId ? `/experiment/details/${experimentId}` : "/experiments"}
        canWrite={canWrite}
        readOnlyReason={readOnlyReason}
      >
        <FormSection title="Basic Details">
          <Controller
            name="campaignId"
            control={form.control}
            render={({ field }) => (
              <SelectField
                id={id("campaignId")}
                label="Campaign"
                required
                error={errorOf("campaignId")}
                disabled={mode === "edit"}
                hint={mode === "edit" ? "An experiment stays on the campaign it was created on." : "The arms are strategies of this campaign."}
                value={field.value ?? ""}
                ref={field.ref}
                onChange={(e) => {
                  field.onChange(e.target.value === "" ? null : Number(e.target.value));
                  form.setValue("arms", form.getValues("arms").map((a) => ({ ...a, strategyId: null })), { shouldDirty: true });
                }}
                data-testid="experiment-campaign"
              >
                <option value="">Select campaign</option>
                {campaigns.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.advertiserName} › {c.name}
                  </option>
                ))}
              </SelectField>
            )}
          />
          <InputField id={id("name")} label="Name" required error={errorOf("name")} {...form.register("name")} data-testid="experiment-name" />
          <SelectField id={id("metric")} label="Compared conversion rate" required error={errorOf("metric")} {...form.register("metric")} data-testid="experiment-metric">
            {METRIC_VALUES.map((m) => (
              <option key={m} value={m}>
                {EXPERIMENT_METRICS[m].label}
              </option>
            ))}
          </SelectField>
          <TextareaField id={id("description")} label="Description" className="md:col-span-2 xl:col-span-3" rows={2} error={errorOf("description")} {...form.register("description")} data-testid="experiment-description" />
        </FormSection>

        <FormSection title="Schedule (UTC)">
          <Controller
            name="startTime"
            control={form.control}
            render={({ field }) => (
              <InputField
                id={id("startTime")}
                type="datetime-local"
                label="Start"
                required
                error={errorOf("startTime")}
                value={toUtcInput(field.value as number)}
                ref={field.ref}
                onChange={(e) => field.onChange(fromUtcInput(e.target.value))}
                data-testid="experiment-start"
              />
            )}
          />
          <Controller
            name="endTime"
            control={form.control}
            render={({ field }) => (
              <InputField
                id={id("endTime")}
                type="datetime-local"
                label="End"
                error={errorOf("endTime")}
                disabled={endTime === NO_END}
                value={toUtcInput(field.value as number)}
                ref={field.ref}
                onChange={(e) => field.onChange(fromUtcInput(e.target.value))}
                data-testid="experiment-end"
              />
            )}
          />
          <CheckboxField
            id={id("noEnd")}
            label="No end (runs until stopped)"
            checked={endTime === NO_END}
            onChange={(e) => form.setValue("endTime", e.target.checked ? NO_END : "", { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
            data-testid="experiment-no-end"
          />
        </FormSection>

        <ExperimentArms form={form} errorOf={errorOf} armsLocked={armsLocked} campaignId={campaignId} offered={offered} />
      </EntityFormFrame>
    </FormProvider>
  );
}

