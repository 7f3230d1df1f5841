"use client";
// The creative set form's sections below the advertiser: click destination,
// the set's own fields, the schedule on the scheduled timezone's wall clock,
// and the sizes. Each control reads the form from context and shows its
// message from the one schema beside it (components/ui/field.tsx).
import { useState } from "react";
import { Controller, get, useFormContext, useWatch, type FieldPath } from "react-hook-form";
import { creativeTypeOptions, CREATIVE_SET_MESSAGES, NEVER_ENDING, START_IMMEDIATELY, SIZE_RE, sortSizes, type CreativeSetFormInput } from "@/lib/creative-sets/schema";
import type { ClickDestinationOption, TimezoneChoice } from "@/lib/creative-sets/options";
import { NEVER_ENDING_TEXT } from "@/lib/format";
import { ScheduleField } from "@/components/campaign/campaign-schedule-section";
import { TimezoneField } from "@/components/preferences/timezone-select";
import { Button } from "@/components/ui/button";
import { Checkbox, CheckboxField, FieldMessage, FormSection, InputField, inputClass, SelectField } from "@/components/ui/field";

type Name = FieldPath<CreativeSetFormInput>;
/** The id of a field's control ("creative-set-name"): its label, message and tests use it. */
export const fieldId = (name: Name) => `creative-set-${name}`;

export function useFieldError(name: Name): string | undefined {
  const { formState } = useFormContext<CreativeSetFormInput>();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

export function DetailsFields({ mode, clickDestinations, timezones }: { mode: "create" | "edit"; clickDestinations: ClickDestinationOption[] | null; timezones: TimezoneChoice[] }) {
  const { register, control } = useFormContext<CreativeSetFormInput>();
  const err = useFieldError;
  const noDestinations = clickDestinations !== null && clickDestinations.length === 0;
  return (
    <>
      <InputField id={fieldId("name")} label="Name" required autoComplete="off" error={err("name")} {...register("name")} />
      <SelectField
        id={fieldId("type")}
        label="Type"
        required
        disabled={mode === "edit"}
        hint={mode === "edit" ? "A set keeps the type it was created with." : undefined}
        error={err("type")}
        {...register("type")}
      >
        <option value="">Select</option>
        {creativeTypeOptions().map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={fieldId("clickDestinationId")}
        label="Click destination"
        required
        disabled={clickDestinations === null || noDestinations}
        hint={clickDestinations === null ? "Choose the advertiser first." : undefined}
        messageTestId={`${fieldId("clickDestinationId")}-error`}
        error={err("clickDestinationId")}
        {...register("clickDestinationId", { setValueAs: (v) => (v === "" || v === null ? "" : Number(v)) })}
      >
        <option value="">Select</option>
        {(clickDestinations ?? []).map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
            {d.active ? "" : " (inactive)"}
          </option>
        ))}
      </SelectField>
      {/* business.md 8: said where the choice would be. */}
      {noDestinations ? (
        <p className="-mt-3 text-xs text-amber-700 md:col-span-2" data-testid="creative-set-no-click-destinations">
          {CREATIVE_SET_MESSAGES.noClickDestinations}
        </p>
      ) : null}
      <TimezoneField id={fieldId("timezoneId")} label="Timezone" required control={control} name="timezoneId" options={timezones} error={err("timezoneId")} />
      <InputField
        id={fieldId("dailyMediaBudget")}
        label="Daily media budget"
        inputMode="decimal"
        autoComplete="off"
        hint="Leave blank for no daily budget."
        error={err("dailyMediaBudget")}
        {...register("dailyMediaBudget")}
      />
      <CheckboxField id={fieldId("dcoAd")} label="DCO ad" hint="Dynamic creative optimisation." error={err("dcoAd")} className="pt-6" {...register("dcoAd")} />
      <CheckboxField id={fieldId("isPlacebo")} label="Placebo set" hint="Served to control groups of incrementality tests." error={err("isPlacebo")} className="pt-6" {...register("isPlacebo")} />
    </>
  );
}

export function ScheduleFields({ timezones }: { timezones: TimezoneChoice[] }) {
  const { control } = useFormContext<CreativeSetFormInput>();
  const zoneId = Number(useWatch({ control, name: "scheduledTimezoneId" }));
  const zone = timezones.find((t) => t.id === zoneId) ?? { iana: "UTC", name: "UTC" };
  return (
    <FormSection title="Schedule">
      <TimezoneField
        id={fieldId("scheduledTimezoneId")}
        label="Scheduled timezone"
        required
        control={control}
        name="scheduledTimezoneId"
        options={timezones}
        error={useFieldError("scheduledTimezoneId")}
      />
      <div />
      {/* Remounted with the zone: the chosen instants are shown again on the new zone's clock. */}
      <ScheduleField
        key={`start-${zone.iana}`}
        id={fieldId("startTime")}
        name="startTime"
        legend="Start"
        sentinel={{ value: START_IMMEDIATELY, label: "Start immediately" }}
        timeLabel="Start time in"
        zone={zone}
      />
      <ScheduleField
        key={`end-${zone.iana}`}
        id={fieldId("endTime")}
        name="endTime"
        legend="End"
        sentinel={{ value: NEVER_ENDING, label: NEVER_ENDING_TEXT }}
        timeLabel="End time in"
        zone={zone}
      />
    </FormSection>
  );
}

/** The sizes: the offered ones as check boxes, and any other typed in and added. */
export function SizesField({ offered }: { offered: string[] }) {
  const { control } = useFormContext<CreativeSetFormInput>();
  const error = useFieldError("sizes");
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);
  const id = fieldId("sizes");
  return (
    <Controller
      control={control}
      name="sizes"
      render={({ field }) => {
        const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
        const toggle = (size: string, on: boolean) => field.onChange(on ? [...chosen, size] : chosen.filter((s) => s !== size));
        const add = () => {
          const size = typed.trim().toLowerCase().replace(/\s*[x×]\s*/, "x");
          if (!SIZE_RE.test(size)) return setTypedError(CREATIVE_SET_MESSAGES.sizeInvalid);
          setTypedError(null);
          setTyped("");
          if (!chosen.includes(size)) field.onChange([...chosen, size]);
        };
        return (
          <FormSection title="Sizes">
            <fieldset className="md:col-span-2" aria-describedby={error ? `${id}-error` : undefined} data-testid={id}>
              <legend className="sr-only">Sizes</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
                {sortSizes([...offered, ...chosen]).map((size) => (
                  <label key={size} className="inline-flex items-center gap-2 text-sm text-slate-700">
                    <Checkbox checked={chosen.includes(size)} onChange={(e) => toggle(size, e.target.checked)} onBlur={field.onBlur} data-testid={`${id}-${size}`} />
                    {size}
                  </label>
                ))}
              </div>
              <FieldMessage id={id} error={error} />
            </fieldset>
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <label htmlFor={`${id}-other`} className="block text-sm font-medium text-slate-700">
                  Other size
                </label>
                <input
                  id={`${id}-other`}
                  value={typed}
                  placeholder="e.g. 300x250"
                  autoComplete="off"
                  className={`mt-1 ${inputClass(!!typedError)}`}
                  aria-invalid={typedError ? true : undefined}
                  aria-describedby={typedError ? `${id}-other-error` : undefined}
                  onChange={(e) => setTyped(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      add();
                    }
                  }}
                />
              </div>
              <Button onClick={add} data-testid={`${id}-add`}>
                Add size
              </Button>
            </div>
            <FieldMessage id={`${id}-other`} error={typedError} />
          </FormSection>
        );
      }}
    />
  );
}
