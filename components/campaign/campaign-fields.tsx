"use client";
// The campaign form's bound controls: each reads the form from context and
// shows its label, its message from the one schema beside it, and ties the
// two together for screen readers (components/ui/field.tsx). Amounts are
// text inputs, not type=number: the exact decimal typed is what is validated
// and saved (1234.56 stays 1234.56), with no browser rounding or spinners.
import type { ReactNode } from "react";
import { get, useFormContext, type FieldPath } from "react-hook-form";
import { CheckboxField, Field, inputClass, messageId } from "@/components/ui/field";
import type { CampaignFormInput } from "@/lib/campaigns/schema";

export type CampaignFieldName = FieldPath<CampaignFormInput>;

/** The id of a field's control ("campaign-dailyBudget"): its label, message and tests use it. */
export const fieldId = (name: CampaignFieldName) => `campaign-${name}`;

export function useFieldError(name: CampaignFieldName): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<CampaignFormInput>();
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/** What a bound control needs: the form's register, the field's message and its control's id. */
function useBoundField(name: CampaignFieldName) {
  const { register } = useFormContext<CampaignFormInput>();
  return { register, error: useFieldError(name), id: fieldId(name) };
}

/** aria-invalid and aria-describedby for a control with a message: the form's scroll-to-first-error looks for aria-invalid. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": messageId(id) } : {};
}

interface TextInputProps {
  name: CampaignFieldName;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** Shown inside the control before the value (the advertiser's currency symbol). */
  prefix?: string;
  /** Shown inside the control after the value ("%", "hours"). */
  suffix?: string;
  inputMode?: "text" | "decimal" | "numeric";
  placeholder?: string;
  maxLength?: number;
}

export function TextInput({ name, label, required, hint, prefix, suffix, inputMode = "decimal", placeholder, maxLength }: TextInputProps) {
  const { register, error, id } = useBoundField(name);
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint}>
      <div className="relative flex items-center">
        {prefix ? (
          // Decoration: the currency is named in the section's note for screen readers.
          <span aria-hidden="true" className="pointer-events-none absolute left-3 text-sm text-slate-500" data-testid={`${id}-prefix`}>
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          placeholder={placeholder}
          maxLength={maxLength}
          className={`${inputClass(!!error)} ${prefix ? (prefix.length > 1 ? "pl-12" : "pl-7") : ""} ${suffix ? "pr-14" : ""}`}
          {...invalidProps(id, error)}
          {...register(name)}
        />
        {suffix ? (
          <span aria-hidden="true" className="pointer-events-none absolute right-3 text-sm text-slate-500">
            {suffix}
          </span>
        ) : null}
      </div>
    </Field>
  );
}

export function SelectInput({
  name,
  label,
  required,
  hint,
  options,
  placeholder = "Select",
}: {
  name: CampaignFieldName;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  options: readonly (readonly [value: string | number, text: string])[];
  /** The empty choice's text; null for a select that always holds a value. */
  placeholder?: string | null;
}) {
  const { register, error, id } = useBoundField(name);
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint}>
      <select id={id} className={inputClass(!!error)} {...invalidProps(id, error)} {...register(name)}>
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckboxInput({ name, label, hint, disabled }: { name: CampaignFieldName; label: string; hint?: ReactNode; disabled?: boolean }) {
  const { register, error, id } = useBoundField(name);
  return <CheckboxField id={id} label={label} hint={hint} error={error} disabled={disabled} className="pt-6" {...register(name)} />;
}
