"use client";
// Step 1, Enter Basic Details: the campaign (entity picker; the
// advertiser follows it; fixed once saved), name, type (fixed once saved),
// schedule, pixels of the advertiser, tracking parameter, SKAd optimisation
// (blocked with the rule's message without the SKAD privilege), SKOverlay
// (only where the visibility rules show it), frequency cap and lifetime cap.
import { useCallback, useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { searchPickerAction } from "@/lib/entities/actions";
import type { MenuItem, PickerQuery } from "@/lib/menu/types";
import { FCAP_INTERVAL_HOURS, SKOVERLAY_POSITIONS, STRATEGY_TYPE_OPTIONS } from "@/lib/strategies/options";
import { NEVER_ENDING, START_IMMEDIATELY, STRATEGY_MESSAGES as M, STRATEGY_NAME } from "@/lib/strategies/rules";
import { PickerField } from "@/components/campaign/picker-field";
import { ScheduleField } from "@/components/campaign/campaign-schedule-section";
import { NEVER_ENDING_TEXT, START_IMMEDIATELY_TEXT } from "@/components/campaign/campaign-text";
import { EntityPicker } from "@/components/picker/entity-picker";
import { FieldMessage } from "@/components/ui/field";
import { TemplatePicker } from "@/components/strategy-template/template-picker";
import { IdsField, itemOptions } from "./list-fields";
import { StepSection } from "./step-section";
import { campaignIdOf, typeKeyOf } from "./use-campaign-data";
import { useWizardEnv } from "./wizard-env";
import { CheckField, ChoiceField, fieldId, TextField, useFieldError, useWizardValue, type WizardValues } from "./wizard-fields";

/** Fields that name the advertiser's records: a new campaign (maybe another advertiser) empties them. */
const ADVERTISER_FIELDS = ["pixelIds", "creativeIds", "creativeSetIds", "targetAppSegments", "targetWebSegments", "targetDmpSegments", "targetLalSegments"] as const;

function CampaignField({ initial }: { initial: MenuItem | null }) {
  const { mode, context, reload } = useWizardEnv();
  const { control, setValue, getValues } = useFormContext<WizardValues>();
  const { field } = useController({ control, name: "campaignId" });
  const error = useFieldError("campaignId");
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<MenuItem | null>(initial);
  const load = useCallback((query: PickerQuery) => searchPickerAction({ entity: "campaign", query, parents: {} }), []);
  const id = fieldId("campaignId");
  const shown = context && String(context.campaign.id) === String(field.value) ? { id: context.campaign.id, name: context.campaign.name, active: context.campaign.active } : chosen && String(chosen.id) === String(field.value) ? chosen : null;
  return (
    <>
      <PickerField
        id={id}
        label="Campaign"
        entity="Campaign"
        required
        value={shown}
        error={error}
        disabled={mode === "edit"}
        hint={
          mode === "edit"
            ? "A strategy stays with the campaign it was created under."
            : context
              ? `Advertiser: ${context.campaign.advertiserName}`
              : "The strategy's advertiser is the campaign's."
        }
        onOpen={() => setOpen(true)}
        buttonRef={field.ref}
      />
      <EntityPicker
        open={open}
        onOpenChange={setOpen}
        entity="Campaign"
        load={load}
        selected={shown}
        onDone={(row) => {
          if (String(row.id) !== String(field.value)) {
            for (const name of ADVERTISER_FIELDS) setValue(name, (name.endsWith("Ids") ? [] : undefined) as never, { shouldDirty: true });
          }
          setChosen(row);
          field.onChange(row.id);
          reload(row.id, typeKeyOf(getValues("type")));
        }}
      />
    </>
  );
}

function TypeField() {
  const { mode, reload } = useWizardEnv();
  const { setValue, getValues } = useFormContext<WizardValues>();
  const [type, setType] = useWizardValue("type");
  const error = useFieldError("type");
  const id = fieldId("type");
  return (
    <fieldset data-testid={`${id}-group`} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-700">
        Type<span aria-hidden="true" className="text-red-600"> *</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
        {STRATEGY_TYPE_OPTIONS.map((o, i) => (
          <label key={o.value} className="inline-flex items-center gap-2">
            <input
              id={i === 0 ? id : undefined}
              type="radio"
              name={id}
              className="h-4 w-4 accent-primary"
              checked={type === o.value}
              disabled={mode === "edit"}
              onChange={() => {
                // Creatives and sets must match the type (business.md 5): another type's do not carry over.
                setValue("creativeIds", [], { shouldDirty: true });
                setValue("creativeSetIds", [], { shouldDirty: true });
                setType(o.value);
                reload(campaignIdOf(getValues("campaignId")), o.value);
              }}
              data-testid={`strategy-type-${o.value}`}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldMessage id={id} error={error} hint={mode === "edit" ? M.typeNotEditable : "Cannot be changed once the strategy is saved."} />
    </fieldset>
  );
}

function SkadField() {
  const { context } = useWizardEnv();
  const [skad] = useWizardValue("skadOptimised");
  const blocked = context !== null && !context.skadAllowed;
  // A strategy already optimised stays switchable off; a new choice is refused with the rule's message.
  return <CheckField name="skadOptimised" label="SKAd optimised" disabled={blocked && skad !== true} hint={blocked ? M.skadNotAllowed : "Optimise for SKAdNetwork installs (iOS)."} />;
}

function FrequencyCap() {
  const [useCampaignCap] = useWizardValue("campaignFcap");
  return (
    <>
      <CheckField name="campaignFcap" label="Use campaign frequency cap" />
      {useCampaignCap === false ? (
        <>
          <TextField name="fcapFrequency" label="Frequency" inputMode="numeric" required hint="Impressions per user within the interval" />
          <TextField name="fcapInterval" label="Interval (hours)" inputMode="numeric" required hint={`${FCAP_INTERVAL_HOURS.min} to ${FCAP_INTERVAL_HOURS.max} hours`} />
        </>
      ) : null}
    </>
  );
}

/** 'Use a template' (create only): a strategy template's values replace the wizard's (../../strategy-template/template-picker.tsx). */
function TemplateField() {
  const { mode, readOnly, template, applyTemplate } = useWizardEnv();
  const { getValues } = useFormContext<WizardValues>();
  if (mode !== "create" || !applyTemplate) return null;
  return <TemplatePicker chosen={template ?? null} campaignId={campaignIdOf(getValues("campaignId"))} disabled={readOnly} onApply={applyTemplate} />;
}

export function BasicStep({ initialCampaign }: { initialCampaign: MenuItem | null }) {
  const { zone, picker, context, visibility } = useWizardEnv();
  return (
    <div className="space-y-4">
      <TemplateField />
      <StepSection title="Campaign and name">
        <CampaignField initial={initialCampaign} />
        <TextField name="name" label="Name" required inputMode="text" maxLength={STRATEGY_NAME.max * 2} hint={`Up to ${STRATEGY_NAME.max} characters`} />
        <TypeField />
      </StepSection>
      <StepSection title="Schedule">
        <ScheduleField id={fieldId("startTime")} name="startTime" legend="Start" sentinel={{ value: START_IMMEDIATELY, label: START_IMMEDIATELY_TEXT }} timeLabel="Start time" zone={zone} />
        <ScheduleField id={fieldId("endTime")} name="endTime" legend="End" sentinel={{ value: NEVER_ENDING, label: NEVER_ENDING_TEXT }} timeLabel="End time" zone={zone} />
      </StepSection>
      <StepSection title="Tracking">
        <IdsField name="pixelIds" label="Pixels" options={itemOptions(picker?.pixels)} hint={context ? "Pixels of the campaign's advertiser" : "Choose the campaign first."} emptyText="No pixel of this advertiser" />
        <TextField name="trackingParameter" label="Tracking parameter" inputMode="text" hint="Appended to click URLs, e.g. utm_source=dsp" />
        <SkadField />
        {visibility.skOverlay ? (
          <ChoiceField
            name="skOverlayPosition"
            label="SKOverlay"
            choices={[{ value: null, label: "Off" }, ...SKOVERLAY_POSITIONS.map((p) => ({ value: p.value, label: p.label }))]}
            hint="Brand awareness and app install campaigns, with iOS targeted"
          />
        ) : null}
      </StepSection>
      <StepSection title="Frequency">
        <FrequencyCap />
        <TextField name="lifetimeUserFcap" label="Lifetime user cap" inputMode="numeric" hint="Impressions per user over the strategy's life; blank: none" />
      </StepSection>
    </div>
  );
}
