"use client";
// Step 3, Select Targeting Options: every targeting item of business.md 3,
// grouped as when, where, who, devices, video and CTV. The visibility rules
// (lib/strategies/visibility.ts) hide the rows that do not apply: SKAd
// strategies the audience and user-level rows, CTV/OTT the app and device
// rows, Multi Device the CTV rows, intent outside retargeting campaigns with
// six purchase-frequency mappings.
import { useState } from "react";
import { AGE_RANGE, CONNECTION_TYPE_LABELS, CONNECTION_TYPES, CONSENT_TYPES, GENDERS, PUBLISHER_TYPES, TEMPERATURE_RANGE, VIDEO_TYPES, WEATHER_CONDITIONS } from "@/lib/strategies/options";
import { Checkbox, InputField, SelectField } from "@/components/ui/field";
import { AudiencesField } from "./audiences-field";
import { DayPartsField } from "./day-parts-field";
import { IntentField } from "./dictionary-select";
import { CtvField, MobileDevicesField, PlacementsField } from "./device-fields";
import { GeographyField } from "./geography-field";
import { CheckListField, NamesField, plainList } from "./list-fields";
import { StepSection } from "./step-section";
import { MapAndGeofence } from "./targeting-map";
import { useWizardEnv } from "./wizard-env";
import { CheckField, ChoiceField, fieldId, useFieldError, useWizardValue } from "./wizard-fields";

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** A min-to-max pair (ages in years, temperatures in °C), off by default. */
function RangeField({ name, legend, unit, bounds, start }: { name: "ageGroupTargeting" | "temperatureTargetingDTO"; legend: string; unit: string; bounds: { min: number; max: number }; start: [number, number] }) {
  const [value, setValue] = useWizardValue(name);
  const error = useFieldError(name);
  const keys = name === "ageGroupTargeting" ? (["minAge", "maxAge"] as const) : (["minTemperature", "maxTemperature"] as const);
  const pair = value ? [(value as Record<string, number>)[keys[0]], (value as Record<string, number>)[keys[1]]] : null;
  const set = (next: [number, number] | null) => setValue((next ? { [keys[0]]: next[0], [keys[1]]: next[1] } : null) as never);
  const id = fieldId(name);
  return (
    <fieldset className="space-y-2" data-testid={`${id}-group`}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <Checkbox id={id} checked={pair !== null} onChange={(e) => set(e.target.checked ? start : null)} aria-invalid={error ? true : undefined} />
        Target a range
      </label>
      {pair ? (
        <div className="grid grid-cols-2 gap-2">
          {(["From", "To"] as const).map((label, i) => (
            <SelectField
              key={label}
              id={`${id}-${i === 0 ? "min" : "max"}`}
              label={`${label} (${unit})`}
              value={String(pair[i])}
              error={i === 1 ? error : undefined}
              onChange={(e) => set(i === 0 ? [Number(e.target.value), pair[1]] : [pair[0], Number(e.target.value)])}
            >
              {range(bounds.min, bounds.max).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
          ))}
          <p className="col-span-2 text-xs text-slate-600">
            {pair[0]} to {pair[1]} {unit}
          </p>
        </div>
      ) : (
        <p className="text-xs text-slate-500">Off: any {name === "ageGroupTargeting" ? "age" : "temperature"}</p>
      )}
    </fieldset>
  );
}

function PurchaseFrequency() {
  const [value, setValue] = useWizardValue("userPurchaseFrequency");
  const [text, setText] = useState(value === null || value === undefined ? "" : String(value));
  return (
    <InputField
      id={fieldId("userPurchaseFrequency")}
      label="User purchase frequency"
      inputMode="numeric"
      value={text}
      error={useFieldError("userPurchaseFrequency")}
      hint="Purchases per user; blank: any"
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, "").slice(0, 9);
        setText(digits);
        setValue(digits === "" ? undefined : Number(digits));
      }}
    />
  );
}

const either = <K extends string, L extends string>(a: K, b: L, labels: [string, string]) => [
  { value: undefined, label: "Not set" },
  { value: { [a]: true, [b]: false } as Record<K | L, boolean>, label: labels[0] },
  { value: { [a]: false, [b]: true } as Record<K | L, boolean>, label: labels[1] },
];

export function TargetingStep() {
  const { visibility } = useWizardEnv();
  return (
    <div className="space-y-4">
      <StepSection title="When">
        <DayPartsField />
      </StepSection>
      <StepSection title="Where">
        <GeographyField />
        <MapAndGeofence />
        <NamesField name="zipCodes" label="Zip codes" allowCustom hint="Type a zip code and press Enter; none: all" placeholder="Type a zip code" />
        <CheckListField name="weatherTargetingDTO" legend="Weather" options={WEATHER_CONDITIONS.map((w) => ({ value: w, label: w }))} {...plainList} hint="None checked: any weather" />
        <RangeField name="temperatureTargetingDTO" legend="Temperature" unit="°C" bounds={TEMPERATURE_RANGE} start={[0, 30]} />
      </StepSection>
      <StepSection title="Who" testId="targeting-who">
        {visibility.audiences ? <AudiencesField /> : null}
        {visibility.consentType ? (
          <ChoiceField name="consentType" label="Consent type" choices={[{ value: undefined, label: "Not set (NA)" }, ...CONSENT_TYPES.map((c) => ({ value: c.id, label: c.label }))]} hint="Shown as the attribution type" />
        ) : null}
        {visibility.maskedTarget ? <CheckField name="maskedTarget" label="Masked target" /> : null}
        {visibility.userPurchaseFrequency ? <PurchaseFrequency /> : null}
        <CheckListField name="genderTargeting" legend="Gender" options={GENDERS.map((g) => ({ value: g.id, label: g.name }))} {...plainList} />
        <RangeField name="ageGroupTargeting" legend="Age group" unit="years" bounds={AGE_RANGE} start={[18, 65]} />
        {visibility.abandonedSessionUsers ? (
          <ChoiceField name="abandonedSessionUserTargeting" label="Abandoned session users" choices={either("allUsers", "abandonedSessionUsers", ["All users", "Abandoned-session users only"])} />
        ) : null}
        {visibility.intent ? <IntentField /> : null}
      </StepSection>
      <StepSection title="Devices and placements" testId="targeting-devices">
        {visibility.placements ? <PlacementsField /> : null}
        <CheckListField name="connectionTypes" legend="Connection types" options={CONNECTION_TYPES.map((c) => ({ value: c, label: CONNECTION_TYPE_LABELS[c] }))} {...plainList} />
        <MobileDevicesField />
        <CheckListField name="publisherTypes" legend="Publisher types" options={PUBLISHER_TYPES.map((p) => ({ value: p, label: p }))} {...plainList} />
      </StepSection>
      <StepSection title="Video">
        <ChoiceField name="videoPlacement" label="Video placement" choices={either("allVideos", "nonSkippableVideos", ["All videos", "Non-skippable videos only"])} />
        <ChoiceField name="videoRewardedTypeTargeting" label="Rewarded video" choices={either("allVideos", "rewardedVideos", ["All videos", "Rewarded videos only"])} />
        <CheckListField name="videoType" legend="Video type" options={VIDEO_TYPES.map((v) => ({ value: v, label: v }))} {...plainList} />
        <ChoiceField name="skippable" label="Skippable" choices={[{ value: undefined, label: "Not set" }, { value: true, label: "Yes" }, { value: false, label: "No" }]} />
      </StepSection>
      {visibility.adBreak || visibility.adPod || visibility.contentGenre ? (
        <StepSection title="CTV" testId="targeting-ctv">
          <CtvField />
        </StepSection>
      ) : null}
    </div>
  );
}
