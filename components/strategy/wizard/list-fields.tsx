"use client";
// The wizard's list controls bound to the form: ids of a picker list
// (pixels), a targeted and a blocked list (exchanges, sites, apps, deals),
// names (categories, zip codes), and a group of checkboxes for the short
// fixed lists of business.md 9 (placements, connection types, genders...).
// An empty list means "all" in the stored JSON: the fields it would fill are
// left out rather than stored empty, unless `keepEmpty` says an empty choice
// means something (app categories: "none at all" is refused by a rule).
import type { ReactNode } from "react";
import type { PickerItem } from "@/lib/strategies/picker-options";
import { FieldMessage } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/field";
import { MultiSelect, type MultiOption } from "./multi-select";
import { fieldId, useFieldError, useWizardValue, type WizardField } from "./wizard-fields";

export const itemOptions = (items: readonly PickerItem[] | undefined): MultiOption[] =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name, detail: i.detail ?? (i.active === false ? "Inactive" : null) }));
export const nameOptions = (names: readonly string[] | undefined): MultiOption[] => (names ?? []).map((n) => ({ value: n, label: n }));

const toIds = (values: readonly string[]) => values.map(Number);
const toTexts = (values: readonly (string | number)[] | null | undefined) => (values ?? []).map(String);

/** A top-level list of record ids (pixelIds). */
export function IdsField({ name, label, options, hint, emptyText }: { name: "pixelIds"; label: string; options: MultiOption[]; hint?: ReactNode; emptyText?: string }) {
  const [value, setValue] = useWizardValue(name);
  return (
    <MultiSelect
      id={fieldId(name)}
      label={label}
      options={options}
      values={toTexts(value)}
      onChange={(next) => setValue(toIds(next))}
      error={useFieldError(name)}
      hint={hint}
      emptyText={emptyText}
    />
  );
}

type ListsField = "rtbAggregators" | "rtbSites" | "rtbApps" | "dealDTO";

/** A targeted and a blocked list of dictionary ids, side by side; both empty: the field is left out (all). */
export function TargetBlockField({ name, label, options, emptyText }: { name: ListsField; label: string; options: MultiOption[]; emptyText?: string }) {
  const [value, setValue] = useWizardValue(name);
  const error = useFieldError(name);
  const lists = { targetList: value?.targetList ?? [], blockedList: value?.blockedList ?? [] };
  const set = (key: "targetList" | "blockedList", next: string[]) => {
    const updated = { ...lists, [key]: toIds(next) };
    setValue(updated.targetList.length + updated.blockedList.length === 0 ? undefined : updated);
  };
  return (
    <fieldset className="col-span-full grid grid-cols-1 gap-4 md:grid-cols-2" data-testid={`${fieldId(name)}-group`}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{label}</legend>
      <MultiSelect
        id={fieldId(name)}
        label={`Targeted ${label}`}
        options={options}
        values={toTexts(lists.targetList)}
        onChange={(next) => set("targetList", next)}
        error={error}
        hint="None chosen: all"
        emptyText={emptyText}
      />
      <MultiSelect
        id={`${fieldId(name)}-blocked`}
        label={`Blocked ${label}`}
        options={options}
        values={toTexts(lists.blockedList)}
        onChange={(next) => set("blockedList", next)}
        hint="None chosen: none blocked"
        emptyText={emptyText}
      />
    </fieldset>
  );
}

type NamesFieldName = "targetAndroidCategories" | "targetIosCategories" | "zipCodes" | "targetDealCategory" | "intent";

/** A top-level list of names; empty: left out (all), unless `keepEmpty`. */
export function NamesField({
  name,
  label,
  options,
  allowCustom,
  keepEmpty,
  hint,
  placeholder,
}: {
  name: NamesFieldName;
  label: string;
  options?: MultiOption[];
  allowCustom?: boolean;
  keepEmpty?: boolean;
  hint?: ReactNode;
  placeholder?: string;
}) {
  const [value, setValue] = useWizardValue(name);
  return (
    <MultiSelect
      id={fieldId(name)}
      label={label}
      options={options}
      allowCustom={allowCustom}
      values={toTexts(value)}
      onChange={(next) => setValue(next.length === 0 && !keepEmpty ? undefined : next)}
      error={useFieldError(name)}
      hint={hint}
      placeholder={placeholder}
    />
  );
}

/** Checkboxes for a short fixed list; the caller maps the checked values to the form. */
export function CheckGroup<V extends string | number>({
  id,
  legend,
  options,
  checked,
  onChange,
  hint,
  error,
}: {
  id: string;
  legend: string;
  options: readonly { value: V; label: string }[];
  checked: readonly V[];
  onChange(next: V[]): void;
  hint?: ReactNode;
  error?: string;
}) {
  const toggle = (value: V) => onChange(checked.includes(value) ? checked.filter((v) => v !== value) : options.map((o) => o.value).filter((v) => v === value || checked.includes(v)));
  return (
    <fieldset data-testid={`${id}-group`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-2">
        {options.map((o, i) => (
          <label key={String(o.value)} className="inline-flex items-center gap-2 text-sm text-slate-700">
            <Checkbox id={i === 0 ? id : undefined} checked={checked.includes(o.value)} onChange={() => toggle(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** A CheckGroup bound to a top-level list field: none checked leaves the field out (all). */
export function CheckListField<K extends WizardField, V extends string | number>({
  name,
  legend,
  options,
  read,
  write,
  hint = "None checked: all",
}: {
  name: K;
  legend: string;
  options: readonly { value: V; label: string }[];
  /** The checked values of the stored value. */
  read(value: unknown): V[];
  /** The stored value of the checked values (never called with none). */
  write(values: V[]): unknown;
  hint?: string;
}) {
  const [value, setValue] = useWizardValue(name);
  return (
    <CheckGroup
      id={fieldId(name)}
      legend={legend}
      options={options}
      checked={read(value)}
      onChange={(next) => setValue((next.length === 0 ? undefined : write(next)) as never)}
      hint={hint}
      error={useFieldError(name)}
    />
  );
}

/** read/write of a plain list field (connection types, genders, publisher types). */
export const plainList = {
  read: <V,>(value: unknown) => (Array.isArray(value) ? (value as V[]) : []),
  write: <V,>(values: V[]) => values,
};
