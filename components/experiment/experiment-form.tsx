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
import { Controller, FormProvider, useFieldArray } from "react-hook-form";
import { createExperimentAction, experimentStrategyOptionsAction, updateExperimentAction } from "@/lib/experiments/actions";
import type { CampaignChoice, StrategyChoice } from "@/lib/experiments/options";
import { ARMS, EXPERIMENT_METRICS, ExperimentSchema, METRIC_VALUES, NO_END, type ExperimentFormInput } from "@/lib/experiments/schema";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { EntityFormFrame } from "@/components/forms/entity-form-frame";
import { Button } from "@/components/ui/button";
import { CheckboxField, FormSection, InputField, SelectField, TextareaField } from "@/components/ui/field";
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
const id = (name: string) => `experiment-${name.replace(/\./g, "-")}`;

export function ExperimentForm(props: ExperimentFormProps) {
  const { mode, experimentId, version, armsLocked = false, initial, campaigns, canWrite, readOnlyReason } = props;
  const [strategies, setStrategies] = useState<StrategyChoice[] | null>(props.strategies);
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
  const arms = useFieldArray({ control: form.control, name: "arms" });

  // A newly chosen campaign: its strategies (the arms chosen so far are another campaign's).
  const campaignId = form.watch("campaignId");
  const [loadedFor, setLoadedFor] = useState<number | null>(props.strategies ? initial.campaignId : null);
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

  const split = form.watch("arms").reduce((sum, a) => sum + (Number(a.trafficPercent) || 0), 0);
  const endTime = form.watch("endTime");
  // The whole list's message: the server's lands on "arms", the browser's check on "arms.root" (a field array).
  const armsError = errorOf("arms") ?? form.formState.errors.arms?.root?.message;
  const title = mode === "create" ? "New Experiment" : "Edit Experiment";
  const offered = campaignId && loadedFor === campaignId ? (strategies ?? []) : [];
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

        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="experiment-arms" aria-labelledby="experiment-arms-title">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="experiment-arms-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
              Arms
            </h2>
            <p className={`text-sm tabular-nums ${split === 100 ? "text-slate-600" : "text-amber-700"}`} data-testid="experiment-split">
              Traffic split: {split}% of 100%
            </p>
          </div>
          <p className="mt-1 text-xs text-slate-500">
            The first arm is the control the others are compared with. {armsLocked ? "The strategies are fixed once the experiment has started; the split is not." : null}
          </p>
          {!campaignId ? <p className="mt-3 text-sm text-slate-500">Choose a campaign first.</p> : null}
          <ol className="mt-3 space-y-3">
            {arms.fields.map((arm, i) => (
              <li key={arm.id} className="grid grid-cols-1 items-start gap-3 md:grid-cols-[1fr_10rem_auto]" data-testid="experiment-arm">
                <Controller
                  name={`arms.${i}.strategyId`}
                  control={form.control}
                  render={({ field }) => (
                    <SelectField
                      id={id(`arms.${i}.strategyId`)}
                      label={i === 0 ? "Control strategy" : `Arm ${i + 1} strategy`}
                      required
                      error={errorOf(`arms.${i}.strategyId`)}
                      disabled={armsLocked || !campaignId}
                      value={field.value ?? ""}
                      ref={field.ref}
                      onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
                      data-testid="experiment-arm-strategy"
                    >
                      <option value="">Select strategy</option>
                      {offered.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name} (ID {s.id})
                        </option>
                      ))}
                    </SelectField>
                  )}
                />
                <InputField
                  id={id(`arms.${i}.trafficPercent`)}
                  label="Traffic %"
                  type="number"
                  min={1}
                  max={99}
                  step={1}
                  required
                  error={errorOf(`arms.${i}.trafficPercent`)}
                  {...form.register(`arms.${i}.trafficPercent`)}
                  data-testid="experiment-arm-traffic"
                />
                <div className="md:pt-6">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={armsLocked || arms.fields.length <= ARMS.min}
                    onClick={() => arms.remove(i)}
                    aria-label={`Remove arm ${i + 1}`}
                    data-testid="experiment-arm-remove"
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          {armsError ? (
            <p role="alert" className="mt-2 text-sm text-red-600" data-testid="experiment-arms-error">
              {armsError}
            </p>
          ) : null}
          <div className="mt-3">
            <Button
              size="sm"
              disabled={armsLocked || arms.fields.length >= ARMS.max}
              onClick={() => arms.append({ strategyId: null, trafficPercent: "" })}
              data-testid="experiment-arm-add"
            >
              Add arm
            </Button>
          </div>
        </section>
      </EntityFormFrame>
    </FormProvider>
  );
}

