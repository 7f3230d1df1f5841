"use client";
// The dates and timezone of a SliceX question (both pages ask them the same way).
import { InputField, SelectField } from "@/components/ui/field";

export interface PeriodFieldsProps {
  idPrefix: string;
  /** The question as the URL holds it: from, to and timezoneId (missing ones show empty). */
  values: Record<string, string | undefined>;
  errors: Record<string, string>;
  timezones: Array<{ id: number; name: string }>;
  onChange(key: "from" | "to" | "timezoneId", value: string): void;
}

export function PeriodFields({ idPrefix, values, errors, timezones, onChange }: PeriodFieldsProps) {
  return (
    <>
      <InputField id={`${idPrefix}-from`} label="From" type="date" value={values.from ?? ""} onChange={(e) => onChange("from", e.target.value)} error={errors.from} />
      <InputField id={`${idPrefix}-to`} label="To" type="date" value={values.to ?? ""} onChange={(e) => onChange("to", e.target.value)} error={errors.to} />
      <SelectField id={`${idPrefix}-timezone`} label="Timezone" value={values.timezoneId ?? ""} onChange={(e) => onChange("timezoneId", e.target.value)} error={errors.timezoneId}>
        {timezones.map((t) => (
          <option key={t.id} value={String(t.id)}>
            {t.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
