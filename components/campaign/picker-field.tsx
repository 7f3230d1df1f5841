"use client";
// A form field whose value is chosen in the entity picker dialog: a button
// showing the chosen name (or 'Select <entity>'), labelled like any control,
// that opens the picker. The button is the control: it carries aria-invalid
// and the message, takes the focus on a failed save, and a disabled fieldset
// (read-only roles) disables it like the others.
import type { Ref } from "react";
import type { MenuItem } from "@/lib/menu/types";
import { Field, inputClass } from "@/components/ui/field";
import { StatusDot } from "@/components/ui/status-dot";
import { invalidProps } from "./campaign-fields";

export interface PickerFieldProps {
  id: string;
  label: string;
  entity: string;
  value: MenuItem | null;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  onOpen: () => void;
  /** react-hook-form's ref, so a failed save focuses this button. */
  buttonRef?: Ref<HTMLButtonElement>;
}

export function PickerField({ id, label, entity, value, error, hint, required, disabled, onOpen, buttonRef }: PickerFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        onClick={onOpen}
        disabled={disabled}
        aria-haspopup="dialog"
        data-testid={`${id}-button`}
        className={`${inputClass(!!error)} flex items-center justify-between gap-2 text-left`}
        {...invalidProps(id, error)}
      >
        {value ? (
          <span className="flex min-w-0 items-center gap-2">
            <StatusDot active={value.active} />
            <span className="truncate text-slate-900" data-testid={`${id}-name`}>
              {value.name}
            </span>
            <span className="text-xs text-slate-500">ID {value.id}</span>
          </span>
        ) : (
          <span className="text-slate-500">Select {entity}</span>
        )}
        <span aria-hidden="true" className="text-slate-400">
          ▾
        </span>
      </button>
    </Field>
  );
}
