"use client";
// The experiment form's arms: a strategy of the campaign and its share of the
// traffic each, the running total beside the title, add and remove within the
// schema's bounds. The strategies are fixed once the experiment has started.
import { Controller, useFieldArray, type Path, type UseFormReturn } from "react-hook-form";
import type { StrategyChoice } from "@/lib/experiments/options";
import { ARMS, type ExperimentFormInput } from "@/lib/experiments/schema";
import { Button } from "@/components/ui/button";
import { InputField, SelectField } from "@/components/ui/field";

export const experimentFieldId = (name: string) => `experiment-${name.replace(/\./g, "-")}`;
const id = experimentFieldId;

export interface ExperimentArmsProps {
  form: UseFormReturn<ExperimentFormInput>;
  errorOf: (name: Path<ExperimentFormInput>) => string | undefined;
  armsLocked: boolean;
  campaignId: number | null | undefined;
  /** The chosen campaign's strategies, once loaded. */
  offered: StrategyChoice[];
}

export function ExperimentArms({ form, errorOf, armsLocked, campaignId, offered }: ExperimentArmsProps) {
  const arms = useFieldArray({ control: form.control, name: "arms" });
  const split = form.watch("arms").reduce((sum, a) => sum + (Number(a.trafficPercent) || 0), 0);
  // The whole list's message: the server's lands on "arms", the browser's check on "arms.root" (a field array).
  const armsError = errorOf("arms") ?? form.formState.errors.arms?.root?.message;
  return (
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
  );
}
