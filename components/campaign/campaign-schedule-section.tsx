"use client";
// Schedule of the campaign form: start 'Start immediately' (-1) or at a time,
// end 'Never Ending' (-1) or at a time (business.md 4 and 9). The form holds
// epoch seconds, as the schema reads them; times are typed on the wall clock
// of the user's timezone (preferences), named beside the field.
import { useState } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { NEVER_ENDING, START_IMMEDIATELY, type CampaignFormInput } from "@/lib/campaigns/schema";
import { FieldMessage, FormSection, inputClass } from "@/components/ui/field";
import { fieldId, invalidProps, useFieldError } from "./campaign-fields";
import { CAMPAIGN_SECTIONS, epochToInput, inputToEpoch, NEVER_ENDING_TEXT, START_IMMEDIATELY_TEXT, type ScheduleZone } from "./campaign-text";

export interface ScheduleFieldProps {
  name: "startTime" | "endTime";
  /** The control's id (default "campaign-<name>"): the strategy wizard shows the same field as "strategy-<name>". */
  id?: string;
  legend: string;
  /** The choice stored as -1: start immediately, or never ending. */
  sentinel: { value: number; label: string };
  timeLabel: string;
  zone: ScheduleZone;
}

/** A start or end: the sentinel choice (-1) or a time on the zone's wall clock. Any form holding `name` as epoch seconds. */
export function ScheduleField({ name, id: ownId, legend, sentinel, timeLabel, zone }: ScheduleFieldProps) {
  const { control } = useFormContext<CampaignFormInput>();
  const value = useWatch({ control, name });
  const error = useFieldError(name);
  const id = ownId ?? fieldId(name);
  const isSentinel = value === sentinel.value || value === String(sentinel.value);
  // What the time input shows, kept apart from the value so a half-typed time is not lost when the choice flips.
  const [text, setText] = useState(() => (isSentinel ? "" : epochToInput(typeof value === "number" ? value : Number(value), zone)));

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className="space-y-2" data-testid={`${id}-group`}>
          <legend className="text-sm font-medium text-slate-700">
            {legend}
            <span aria-hidden="true" className="text-red-600">
              {" "}
              *
            </span>
          </legend>
          <div className="flex flex-wrap gap-4 text-sm text-slate-700">
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-choice`}
                className="h-4 w-4 accent-primary"
                checked={isSentinel}
                onChange={() => field.onChange(sentinel.value)}
                onBlur={field.onBlur}
                data-testid={`${id}-sentinel`}
              />
              {sentinel.label}
            </label>
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-choice`}
                className="h-4 w-4 accent-primary"
                checked={!isSentinel}
                onChange={() => field.onChange(inputToEpoch(text, zone))}
                onBlur={field.onBlur}
                data-testid={`${id}-at`}
              />
              At a time
            </label>
          </div>
          <label htmlFor={id} className="block text-xs text-slate-600">
            {timeLabel} <span data-testid={`${id}-zone`}>{zone.name}</span>
          </label>
          <input
            ref={field.ref}
            id={id}
            type="datetime-local"
            value={isSentinel ? "" : text}
            disabled={isSentinel}
            onChange={(e) => {
              setText(e.target.value);
              field.onChange(inputToEpoch(e.target.value, zone));
            }}
            onBlur={field.onBlur}
            className={inputClass(!!error)}
            {...invalidProps(id, error)}
          />
          <FieldMessage id={id} error={error} />
        </fieldset>
      )}
    />
  );
}

export function CampaignScheduleSection({ zone }: { zone: ScheduleZone }) {
  return (
    <FormSection title={CAMPAIGN_SECTIONS.schedule}>
      <ScheduleField name="startTime" legend="Start" sentinel={{ value: START_IMMEDIATELY, label: START_IMMEDIATELY_TEXT }} timeLabel="Start time" zone={zone} />
      <ScheduleField name="endTime" legend="End" sentinel={{ value: NEVER_ENDING, label: NEVER_ENDING_TEXT }} timeLabel="End time" zone={zone} />
    </FormSection>
  );
}
