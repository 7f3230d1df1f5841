"use client";
// The wizard's bound controls: each reads the form from context, shows its
// label and its message beside it (components/ui/field.tsx), and clears the
// message as soon as the user changes the value. Amounts are text inputs:
// the exact decimal typed is what is validated and saved. Choices whose
// values are not text (numbers, null for "any", absent for "all") go through
// ChoiceField, which maps each option to its value.
import type { ReactNode } from "react";
import { get, useFormContext, useWatch, type FieldErrors } from "react-hook-form";
import type { StrategyFormInput } from "@/lib/strategies/form";
import { CheckboxField, InputField, SelectField } from "@/components/ui/field";

export type WizardValues = StrategyFormInput;
export type WizardField = keyof StrategyFormInput & string;

/** The id of a field's control ("strategy-name"): its label, message and the tests use it. */
export const fieldId = (name: string) => `strategy-${name}`;

/** The first message anywhere under an error node (a nested path from the server: "targetGeographies.country"). */
function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  const own = (node as { message?: unknown }).message;
  if (typeof own === "string" && own) return own;
  for (const [key, child] of Object.entries(node)) {
    if (key === "ref" || key === "type") continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

export function errorOf(errors: FieldErrors<WizardValues>, name: string): string | undefined {
  return firstMessage(get(errors, name));
}

export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<WizardValues>();
  return errorOf(errors, name);
}

/** The value of a field and a setter that marks the form changed and drops the field's message. */
export function useWizardValue<K extends WizardField>(name: K): [WizardValues[K], (next: WizardValues[K]) => void] {
  const { control, setValue, clearErrors } = useFormContext<WizardValues>();
  const value = useWatch({ control, name }) as WizardValues[K];
  const set = (next: WizardValues[K]) => {
    setValue(name, next as never, { shouldDirty: true });
    clearErrors(name);
  };
  return [value, set];
}

interface TextFieldProps {
  name: WizardField;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  inputMode?: "text" | "decimal" | "numeric";
  maxLength?: number;
  placeholder?: string;
}

export function TextField({ name, label, required, hint, inputMode = "decimal", maxLength, placeholder }: TextFieldProps) {
  const { register, clearErrors } = useFormContext<WizardValues>();
  return (
    <InputField
      id={fieldId(name)}
      label={label}
      required={required}
      hint={hint}
      error={useFieldError(name)}
      type="text"
      inputMode={inputMode}
      autoComplete="off"
      maxLength={maxLength}
      placeholder={placeholder}
      {...register(name, { onChange: () => clearErrors(name) })}
    />
  );
}

export function CheckField({ name, label, hint, disabled }: { name: WizardField; label: ReactNode; hint?: ReactNode; disabled?: boolean }) {
  const { register, clearErrors } = useFormContext<WizardValues>();
  return (
    <CheckboxField
      id={fieldId(name)}
      label={label}
      hint={hint}
      error={useFieldError(name)}
      disabled={disabled}
      className="self-end pb-2"
      {...register(name, { onChange: () => clearErrors(name) })}
    />
  );
}

/** Equal as the form means it: null and absent alike, the same JSON (objects restored from a draft), a number and its digits. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || ((a ?? null) === null && (b ?? null) === null)) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

export interface Choice<V> {
  value: V;
  label: string;
}

/**
 * A select over values of any kind (numbers, null, absent): the option's
 * position is what the control holds, the value is what the form gets.
 */
export function ChoiceField<K extends WizardField>({
  name,
  label,
  choices,
  required,
  hint,
  disabled,
}: {
  name: K;
  label: ReactNode;
  choices: readonly Choice<WizardValues[K]>[];
  required?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const [value, setValue] = useWizardValue(name);
  const selected = choices.findIndex((c) => sameValue(c.value, value));
  return (
    <SelectField
      id={fieldId(name)}
      label={label}
      required={required}
      hint={hint}
      error={useFieldError(name)}
      disabled={disabled}
      value={selected === -1 ? "" : String(selected)}
      onChange={(e) => setValue(choices[Number(e.target.value)]?.value as WizardValues[K])}
    >
      {selected === -1 ? <option value="">Select</option> : null}
      {choices.map((c, i) => (
        <option key={i} value={String(i)}>
          {c.label}
        </option>
      ))}
    </SelectField>
  );
}
