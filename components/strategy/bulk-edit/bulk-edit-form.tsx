"use client";
// The strategy bulk edit (business.md 2, 4): per section of the table in
// lib/strategies/bulk-edit/sections.ts, each field with its action (only the
// actions it allows; NO_CHANGE first) and its value. The disabled conditions
// (sets of different advertisers, placebo mixed, CTV mixed; advertiser lists
// for strategies of several advertisers) are shown beside the field and keep
// the review from being asked. 'Review changes' asks the server for the plan
// (nothing saved); the review step then applies it (./bulk-edit-review.tsx).
import { useMemo, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { MultiSelect, type MultiOption } from "@/components/strategy/wizard/multi-select";
import { Button, SubmitButton } from "@/components/ui/button";
import { Field, FormError, FormSection, InputField, SelectField, inputClass } from "@/components/ui/field";
import { WarningNote } from "@/components/ui/warning-note";
import { bulkEditBlockers } from "@/lib/strategies/bulk-edit/blockers";
import type { BulkEditPageData } from "@/lib/strategies/bulk-edit/page-data";
import type { BulkEditPlan } from "@/lib/strategies/bulk-edit/plan";
import { BulkEditPlanInputSchema, type BulkEditPlanInput } from "@/lib/strategies/bulk-edit/schema";
import { allowedActions, BULK_ACTION_LABELS, BULK_EDIT_SECTIONS, BULK_FIELDS, type BulkAction, type BulkField, type BulkOptionSource } from "@/lib/strategies/bulk-edit/sections";
import type { BulkEdit, BulkFieldChange } from "@/lib/strategies/bulk-edit/merge";
import { planStrategyBulkEditAction } from "@/lib/strategies/bulk-edit/actions";
import { searchGeoAction } from "@/lib/strategies/actions";
import { PACING_TYPES } from "@/lib/strategies/options";
import { BulkEditReview } from "./bulk-edit-review";

interface FieldState {
  action: BulkAction;
  items: string[];
  value: string;
  interval: string;
}
type Values = Record<string, FieldState>;

const EMPTY: FieldState = { action: "NO_CHANGE", items: [], value: "", interval: "" };

/** The form's values as the change list the server takes. */
export function changesOf(values: Values): BulkEdit {
  const changes: BulkFieldChange[] = [];
  for (const field of BULK_FIELDS) {
    const s = values[field.key] ?? EMPTY;
    // The pacing type goes along even at NO_CHANGE: 11 is sent as replace (business.md 4).
    if (s.action === "NO_CHANGE" && !(field.key === "pacingTypeId" && s.value)) continue;
    if (field.kind !== "scalar") {
      changes.push({ field: field.key, action: s.action, items: field.item === "id" ? s.items.map(Number) : s.items });
      continue;
    }
    const value =
      field.value === "pacingType"
        ? Number(s.value)
        : field.value === "endTime"
          ? s.value === "" ? null : s.value === "never" ? -1 : Math.floor(new Date(s.value).getTime() / 1000)
          : field.value === "frequencyCap"
            ? { frequency: Number(s.value), interval: Number(s.interval) }
            : s.value.trim();
    changes.push({ field: field.key, action: s.action, value });
  }
  return { changes };
}

function optionsOf(source: BulkOptionSource | undefined, data: BulkEditPageData): MultiOption[] | undefined {
  const o = data.options;
  const items = (list: { id: number; name: string; detail?: string }[]) => list.map((i) => ({ value: String(i.id), label: i.name, detail: i.detail ?? null }));
  switch (source) {
    case undefined:
    case "cities":
      return undefined;
    case "countries":
      return o.countries.map((c) => ({ value: c.code, label: c.name }));
    case "targetAppSegments":
    case "targetWebSegments":
    case "targetDmpSegments":
    case "targetLalSegments":
      return items(o.audiences[source]);
    default:
      return items(o[source]);
  }
}

/** Cities are searched by name within the countries chosen above (the dataset is too large to send). */
const citySearch = (countries: readonly string[]) => async (text: string): Promise<MultiOption[]> => {
  const found = await Promise.all(countries.slice(0, 10).map((countryCode) => searchGeoAction({ level: "city", countryCode, q: text })));
  return found.flatMap((r) => (r.ok ? r.data : [])).slice(0, 50).map((c) => ({ value: c.id, label: c.name, detail: c.parent }));
};

function ValueControl({ field, state, onChange, options, error, disabled, cityCountries }: { field: BulkField; state: FieldState; onChange(next: FieldState): void; options?: MultiOption[]; error?: string; disabled: boolean; cityCountries: string[] }) {
  const id = `bulk-${field.key}`;
  const off = disabled || (state.action === "NO_CHANGE" && field.key !== "pacingTypeId");
  if (field.kind !== "scalar") {
    return (
      <MultiSelect
        id={id}
        label={field.label}
        values={state.items}
        onChange={(items) => onChange({ ...state, items })}
        options={options}
        search={field.options === "cities" ? citySearch(cityCountries) : undefined}
        allowCustom={field.custom}
        error={error}
        disabled={off}
        hint={
          field.kind === "audience" && state.action === "REMOVE"
            ? "None chosen: removes them all."
            : field.options === "cities" && cityCountries.length === 0
              ? "Choose targeted countries above to search their cities."
              : undefined
        }
      />
    );
  }
  if (field.value === "pacingType") {
    return (
      <SelectField id={id} label={field.label} value={state.value} error={error} disabled={disabled} onChange={(e) => onChange({ ...state, value: e.target.value })}>
        <option value="">Choose</option>
        {PACING_TYPES.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
    );
  }
  if (field.value === "frequencyCap") {
    return (
      <Field id={id} label={field.label} error={error} hint="Impressions per user, every so many hours (the campaign's cap no longer applies).">
        <div className="flex gap-2">
          <input id={id} className={inputClass(!!error, { width: "w-28" })} inputMode="numeric" placeholder="Count" disabled={off} value={state.value} onChange={(e) => onChange({ ...state, value: e.target.value })} />
          <input aria-label="Interval in hours" className={inputClass(!!error, { width: "w-28" })} inputMode="numeric" placeholder="Hours" disabled={off} value={state.interval} onChange={(e) => onChange({ ...state, interval: e.target.value })} />
        </div>
      </Field>
    );
  }
  if (field.value === "endTime") {
    return (
      <Field id={id} label={field.label} error={error}>
        <div className="flex items-center gap-3">
          <input id={id} type="datetime-local" className={inputClass(!!error, { width: "w-60" })} disabled={off || state.value === "never"} value={state.value === "never" ? "" : state.value} onChange={(e) => onChange({ ...state, value: e.target.value })} />
          <label className="flex items-center gap-1 text-sm">
            <input type="checkbox" disabled={off} checked={state.value === "never"} onChange={(e) => onChange({ ...state, value: e.target.checked ? "never" : "" })} /> Never Ending
          </label>
        </div>
      </Field>
    );
  }
  return (
    <InputField id={id} label={field.label} value={state.value} error={error} disabled={off} inputMode="decimal" hint={field.value === "budget" ? "-1 for unlimited" : undefined} onChange={(e) => onChange({ ...state, value: e.target.value })} />
  );
}

export function BulkEditForm({ data }: { data: BulkEditPageData }) {
  const ids = useMemo(() => data.strategies.map((s) => s.id), [data.strategies]);
  const [plan, setPlan] = useState<{ plan: BulkEditPlan; edit: BulkEdit } | null>(null);
  const defaults = useMemo(() => Object.fromEntries(BULK_FIELDS.map((f) => [f.key, { ...EMPTY }])) as Values, []);
  const { form, formId, formError, onSubmit, submitting } = useActionForm<Values, BulkEditPlan>({
    schema: BulkEditPlanInputSchema,
    defaultValues: defaults,
    prepare: (values) => ({ ids, ...changesOf(values) }),
    // The hook hands on what the schema parsed from `prepare`'s output: the ids and the normalized changes.
    action: (parsed) => planStrategyBulkEditAction(parsed as unknown as BulkEditPlanInput),
    onSuccess: (result, parsed) => setPlan({ plan: result, edit: { changes: (parsed as unknown as BulkEdit).changes } }),
  });
  const values = useWatch({ control: form.control }) as Values;
  const edit = changesOf(values);
  const setsChosen = new Set(values.creativeSets?.items ?? []);
  const blockers = bulkEditBlockers(edit, {
    creativeSets: data.options.creativeSets.filter((s) => setsChosen.has(String(s.id))),
    strategyAdvertiserIds: data.strategies.map((s) => s.advertiserId),
  });
  const blockerOf = (key: string) => blockers.find((b) => b.field === key)?.message;

  if (plan) return <BulkEditReview ids={ids} plan={plan.plan} edit={plan.edit} onBack={() => setPlan(null)} />;

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-6" data-testid="bulk-edit-form">
      <p className="text-sm text-slate-600" data-testid="bulk-edit-selection">
        {data.strategies.length} {data.strategies.length === 1 ? "strategy" : "strategies"} selected: {data.strategies.map((s) => s.name).join(", ")}
      </p>
      {!data.canWrite ? <WarningNote>Your role may not change strategies.</WarningNote> : null}
      <FormError message={formError} />
      {BULK_EDIT_SECTIONS.map((section) => (
        <FormSection key={section.key} title={section.title}>
          <div className="space-y-4">
            {BULK_FIELDS.filter((f) => f.section === section.key).map((field) => (
              <Controller
                key={field.key}
                control={form.control}
                name={field.key}
                render={({ field: control, fieldState }) => {
                  const state = (control.value as FieldState | undefined) ?? EMPTY;
                  const blocked = blockerOf(field.key);
                  return (
                    <div className="grid gap-3 md:grid-cols-[12rem_1fr]" data-testid={`bulk-field-${field.key}`}>
                      <SelectField
                        id={`bulk-action-${field.key}`}
                        label={`${field.label}: action`}
                        value={state.action}
                        disabled={!data.canWrite}
                        onChange={(e) => control.onChange({ ...state, action: e.target.value as BulkAction })}
                      >
                        {allowedActions(field).map((a) => (
                          <option key={a} value={a}>
                            {BULK_ACTION_LABELS[a]}
                          </option>
                        ))}
                      </SelectField>
                      <ValueControl
                        field={field}
                        state={state}
                        onChange={control.onChange}
                        options={field.kind === "scalar" ? undefined : optionsOf(field.options, data)}
                        error={blocked ?? fieldState.error?.message}
                        disabled={!data.canWrite}
                        cityCountries={values.countriesTarget?.items ?? []}
                      />
                    </div>
                  );
                }}
              />
            ))}
          </div>
        </FormSection>
      ))}
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={() => history.back()}>
          Cancel
        </Button>
        <SubmitButton submitting={submitting} label="Review changes" disabled={!data.canWrite || blockers.length > 0} data-testid="bulk-edit-review" />
      </div>
    </form>
  );
}
