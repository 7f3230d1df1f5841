"use client";
// Audience targeting (business.md 3): app, web, DMP and look-alike audience
// segments of the campaign's advertiser, each targeted or blocked, the
// targeted ones combined with AND or OR, and custom segment targeting. DMP
// audiences need the advertiser's partner-data access (business.md 6): without
// it the list is empty and says why. Hidden for SKAd strategies (visibility).
import { AUDIENCE_KINDS, type AudienceField } from "@/lib/strategies/options";
import { STRATEGY_MESSAGES as M } from "@/lib/strategies/rules";
import { Checkbox, SelectField } from "@/components/ui/field";
import { itemOptions } from "./list-fields";
import { MultiSelect } from "./multi-select";
import { useWizardEnv } from "./wizard-env";
import { fieldId, useFieldError, useWizardValue, type WizardValues } from "./wizard-fields";

type Segments = NonNullable<WizardValues["targetAppSegments"]>;
const EMPTY: Segments = { targetedSegments: [], blockedSegments: [], customSegmentTargeting: false, targetedSegmentsOperator: "OR" };

function AudienceKind({ field, label }: { field: AudienceField; label: string }) {
  const { picker, context } = useWizardEnv();
  const [value, setValue] = useWizardValue(field);
  const error = useFieldError(field);
  const segments = value ?? EMPTY;
  const set = (next: Segments) => setValue(next.targetedSegments.length + next.blockedSegments.length === 0 && !next.customSegmentTargeting ? undefined : next);
  const options = itemOptions(picker?.audiences[field]);
  const noDmp = field === "targetDmpSegments" && context !== null && !context.dmpAccess;
  const id = fieldId(field);
  const empty = !context ? M.audiencesNeedAdvertiser : noDmp ? M.noDmpAccess : "No audience of this kind";
  return (
    <fieldset className="col-span-full grid grid-cols-1 gap-3 border-t border-slate-100 pt-3 min-[769px]:grid-cols-2" data-testid={`${id}-group`}>
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      <MultiSelect
        id={id}
        label={`Targeted ${label.toLowerCase()}s`}
        options={options}
        values={segments.targetedSegments.map(String)}
        onChange={(next) => set({ ...segments, targetedSegments: next.map(Number) })}
        error={error}
        emptyText={empty}
        hint={noDmp ? M.noDmpAccess : undefined}
      />
      <MultiSelect
        id={`${id}-blocked`}
        label={`Blocked ${label.toLowerCase()}s`}
        options={options}
        values={segments.blockedSegments.map(String)}
        onChange={(next) => set({ ...segments, blockedSegments: next.map(Number) })}
        emptyText={empty}
      />
      {segments.targetedSegments.length > 1 ? (
        <SelectField
          id={`${id}-operator`}
          label="Combine targeted audiences with"
          value={segments.targetedSegmentsOperator}
          onChange={(e) => set({ ...segments, targetedSegmentsOperator: e.target.value === "AND" ? "AND" : "OR" })}
        >
          <option value="OR">OR (any of them)</option>
          <option value="AND">AND (all of them)</option>
        </SelectField>
      ) : null}
      <label className="inline-flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
        <Checkbox id={`${id}-custom`} checked={segments.customSegmentTargeting} onChange={(e) => set({ ...segments, customSegmentTargeting: e.target.checked })} />
        Custom segment targeting
      </label>
    </fieldset>
  );
}

export function AudiencesField() {
  return (
    <>
      {AUDIENCE_KINDS.map((kind) => (
        <AudienceKind key={kind.key} field={kind.field} label={kind.label} />
      ))}
    </>
  );
}
