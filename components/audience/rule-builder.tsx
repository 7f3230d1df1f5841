"use client";
// The rule builder of rule-based audiences: an OR of AND groups. Each rule
// picks a filter of the meta rules the source allows, one of the filter's
// operators, a value, and a look-back (duration and unit, 30 days by
// default); the sentence under the groups reads the whole expression as it
// is typed. Messages come from the one schema (lib/audiences/schema.ts),
// beside the rule's own field.
import type { ReactNode } from "react";
import { get, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import type { AudienceSourceValue } from "@/lib/audiences/labels";
import { DEFAULT_DURATION_UNIT, DEFAULT_RULE_DURATION, filtersOf, metaFilter, META_OPERATORS } from "@/lib/audiences/meta-rules";
import type { AudienceFormInput } from "@/lib/audiences/schema";
import { rulesSentence, type SentenceRule } from "@/lib/audiences/sentence";
import { Button } from "@/components/ui/button";
import { FieldMessage, inputClass } from "@/components/ui/field";

export const newRule = () => ({ filterId: "", operatorId: "", value: "", duration: String(DEFAULT_RULE_DURATION), durationUnit: DEFAULT_DURATION_UNIT });

function useError(path: string): string | undefined {
  const { formState } = useFormContext<AudienceFormInput>();
  return (get(formState.errors, path) as { message?: string } | undefined)?.message;
}

function RuleRow({ gi, ri, source, onRemove }: { gi: number; ri: number; source: AudienceSourceValue | null; onRemove(): void }) {
  const { register, control, setValue } = useFormContext<AudienceFormInput>();
  const base = `ruleGroups.${gi}.rules.${ri}` as const;
  const filterId = useWatch({ control, name: `${base}.filterId` });
  const filter = metaFilter(Number(filterId));
  const operators = META_OPERATORS.filter((o) => filter?.operatorIds.includes(o.id));
  const id = (f: string) => `audience-rule-${gi}-${ri}-${f}`;
  const errors = { filterId: useError(`${base}.filterId`), operatorId: useError(`${base}.operatorId`), value: useError(`${base}.value`), duration: useError(`${base}.duration`), durationUnit: useError(`${base}.durationUnit`) };
  const cell = (f: keyof typeof errors, label: string, control: ReactNode, width = "") => (
    <div className={width}>
      <label htmlFor={id(f)} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="mt-1">{control}</div>
      <FieldMessage id={id(f)} error={errors[f]} />
    </div>
  );
  return (
    <div className="flex flex-wrap items-start gap-2" data-testid={`audience-rule-${gi}-${ri}`}>
      {cell(
        "filterId",
        "Filter",
        <select
          id={id("filterId")}
          className={inputClass(!!errors.filterId, { width: "w-44" })}
          aria-invalid={errors.filterId ? true : undefined}
          {...register(`${base}.filterId`, {
            // Another filter may not allow the chosen operator.
            onChange: () => setValue(`${base}.operatorId`, ""),
          })}
        >
          <option value="">Select</option>
          {filtersOf(source).map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>,
      )}
      {cell(
        "operatorId",
        "Operator",
        <select id={id("operatorId")} className={inputClass(!!errors.operatorId, { width: "w-40" })} aria-invalid={errors.operatorId ? true : undefined} {...register(`${base}.operatorId`)}>
          <option value="">Select</option>
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>,
      )}
      {cell(
        "value",
        "Value",
        <input
          id={id("value")}
          className={inputClass(!!errors.value, { width: "w-48" })}
          inputMode={filter?.valueType === "number" ? "numeric" : undefined}
          autoComplete="off"
          aria-invalid={errors.value ? true : undefined}
          {...register(`${base}.value`)}
        />,
      )}
      {cell(
        "duration",
        "In the last",
        <input id={id("duration")} className={inputClass(!!errors.duration, { width: "w-20" })} inputMode="numeric" autoComplete="off" aria-invalid={errors.duration ? true : undefined} {...register(`${base}.duration`)} />,
      )}
      {cell(
        "durationUnit",
        "Unit",
        <select id={id("durationUnit")} className={inputClass(!!errors.durationUnit, { width: "w-28" })} {...register(`${base}.durationUnit`)}>
          <option value="DAY">Days</option>
          <option value="HOUR">Hours</option>
        </select>,
      )}
      <Button size="sm" className="mt-5" onClick={onRemove} data-testid={`audience-rule-${gi}-${ri}-remove`} aria-label="Remove rule">
        Remove
      </Button>
    </div>
  );
}

function RuleGroup({ gi, source, onRemove }: { gi: number; source: AudienceSourceValue | null; onRemove(): void }) {
  const { control } = useFormContext<AudienceFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: `ruleGroups.${gi}.rules` });
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid={`audience-rule-group-${gi}`}>
      <legend className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Group {gi + 1} (all of)</legend>
      {fields.map((f, ri) => (
        <div key={f.id}>
          {ri > 0 ? <p className="mb-2 text-xs font-semibold text-slate-500">AND</p> : null}
          <RuleRow gi={gi} ri={ri} source={source} onRemove={() => (fields.length === 1 ? onRemove() : remove(ri))} />
        </div>
      ))}
      <div className="flex gap-2">
        <Button size="sm" onClick={() => append(newRule())} data-testid={`audience-rule-group-${gi}-add`}>
          Add rule (AND)
        </Button>
        <Button size="sm" onClick={onRemove} data-testid={`audience-rule-group-${gi}-remove`}>
          Remove group
        </Button>
      </div>
    </fieldset>
  );
}

export function RuleBuilder({ source }: { source: AudienceSourceValue | null }) {
  const { control, formState } = useFormContext<AudienceFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "ruleGroups" });
  const groups = useWatch({ control, name: "ruleGroups" }) ?? [];
  // The array's own message: on the array (server) or its root (react-hook-form's resolver).
  const own = formState.errors.ruleGroups as { message?: string; root?: { message?: string } } | undefined;
  const error = own?.message ?? own?.root?.message;
  return (
    <div className="space-y-3 md:col-span-2" data-testid="audience-rules">
      <p className="text-sm font-medium text-slate-700">Rules</p>
      {fields.map((f, gi) => (
        <div key={f.id}>
          {gi > 0 ? <p className="mb-2 text-xs font-semibold text-slate-500">OR</p> : null}
          <RuleGroup gi={gi} source={source} onRemove={() => remove(gi)} />
        </div>
      ))}
      <Button size="sm" onClick={() => append({ rules: [newRule()] })} data-testid="audience-rule-group-add">
        Add group (OR)
      </Button>
      <FieldMessage id="audience-ruleGroups" error={error} />
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="audience-rules-sentence">
        {rulesSentence(groups.map((g) => (g?.rules ?? []) as SentenceRule[]))}
      </p>
    </div>
  );
}
