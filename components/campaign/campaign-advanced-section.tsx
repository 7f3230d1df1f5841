"use client";
// Advanced Settings of the campaign form: frequency caps, attribution,
// targets, budget pacing (business.md 9: daily ASAP / Hourly weightage,
// lifetime ASAP / Evenly shown disabled; budget spends 6/12/18 and cooling
// period 2 to 7 while pacing is on) and the campaign switches.
import { useFormContext, useWatch } from "react-hook-form";
import { BUDGET_SPENDS_OPTIONS, COOLING_PERIOD_OPTIONS, PACING_OPTIONS } from "@/lib/campaigns/budget";
import { ATTRIBUTION_RATIO, FCAP_HOURS, LIFETIME_FCAP_DAYS, type CampaignFormInput } from "@/lib/campaigns/schema";
import { FieldMessage, FormSection } from "@/components/ui/field";
import { CheckboxInput, fieldId, invalidProps, SelectInput, TextInput, useFieldError } from "./campaign-fields";
import { CAMPAIGN_SECTIONS } from "./campaign-text";

function PacingOptions() {
  const { register } = useFormContext<CampaignFormInput>();
  const error = useFieldError("pacingOption");
  const id = fieldId("pacingOption");
  return (
    <fieldset className="md:col-span-2 xl:col-span-3" data-testid={`${id}-group`}>
      <legend className="text-sm font-medium text-slate-700">
        Budget pacing
        <span aria-hidden="true" className="text-red-600">
          {" "}
          *
        </span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
        {PACING_OPTIONS.map((o, i) => (
          <label key={o.key} className={`inline-flex items-center gap-2 ${o.disabled ? "text-slate-400" : ""}`}>
            <input
              type="radio"
              value={o.key}
              // The first radio takes the focus when a failed save points at this group.
              id={i === 0 ? id : undefined}
              disabled={o.disabled}
              className="h-4 w-4 accent-primary"
              data-testid={`campaign-pacing-${o.key}`}
              {...invalidProps(id, error)}
              {...register("pacingOption")}
            />
            {o.budget}: {o.label}
            {o.disabled ? <span className="text-xs">(not available)</span> : null}
          </label>
        ))}
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}

export function CampaignAdvancedSection({ symbol, skadAllowed }: { symbol: string | undefined; skadAllowed: boolean }) {
  const { control } = useFormContext<CampaignFormInput>();
  const [budgetPacing, skadTarget] = useWatch({ control, name: ["budgetPacing", "skadTarget"] });
  return (
    <FormSection title={CAMPAIGN_SECTIONS.advanced}>
      <TextInput name="dailyFcap" label="Default daily frequency cap" inputMode="numeric" hint="Impressions per user; 0 or blank: no cap" />
      <TextInput
        name="dailyFcapHours"
        label="Frequency cap duration"
        inputMode="numeric"
        suffix="hours"
        hint={`${FCAP_HOURS.min} to ${FCAP_HOURS.max} hours; needed with a daily cap`}
      />
      <TextInput
        name="lifetimeUserFcap"
        label="Lifetime frequency cap"
        inputMode="numeric"
        hint={`Counted over ${LIFETIME_FCAP_DAYS} days; at least the daily cap; 0 or blank: no cap`}
      />
      <TextInput name="attributionRatio" label="Attribution ratio" suffix="%" hint={`${ATTRIBUTION_RATIO.min} to ${ATTRIBUTION_RATIO.max}`} />
      <TextInput name="cpaTarget" label="CPA target" prefix={symbol} hint="Greater than 0; blank: none" />
      <TextInput name="cpiTarget" label="CPI target" prefix={symbol} hint="Greater than 0; blank: none" />
      <TextInput name="roiTarget" label="ROI target" hint="Greater than 0; blank: none" />
      <CheckboxInput name="budgetPacing" label="Budget pacing" />
      {budgetPacing ? (
        <>
          <PacingOptions />
          <SelectInput name="budgetSpends" label="Budget spends" options={BUDGET_SPENDS_OPTIONS.map((n) => [n, String(n)] as const)} />
          <SelectInput name="coolingPeriod" label="Cooling period" options={COOLING_PERIOD_OPTIONS.map((n) => [n, String(n)] as const)} />
        </>
      ) : null}
      <CheckboxInput name="placeboAds" label="Placebo ads" />
      <CheckboxInput
        name="skadTarget"
        label="SKAD target"
        // Without the licensee's privilege it cannot be turned on; one saved on stays changeable (the server allows it).
        disabled={!skadAllowed && !skadTarget}
        hint={skadAllowed ? undefined : "Needs the licensee's SKAD privilege."}
      />
      <CheckboxInput name="incrementalityTest" label="Incrementality test" />
    </FormSection>
  );
}
