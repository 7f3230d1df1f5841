"use client";
// A password input with a show/hide toggle (shell.md 2.2, 2.3): the sign-in
// form's, and inside PasswordField the account dialogs'.
import { useState, type ComponentPropsWithRef } from "react";
import { Field, inputClass, messageId, type FieldProps } from "./field";

type Props = Omit<ComponentPropsWithRef<"input">, "type" | "className"> & {
  invalid?: boolean;
  describedBy?: string;
  /** What the toggle shows and hides: "Show password" / "Hide password" by default. */
  toggleName?: string;
};

export function PasswordInput({ invalid, describedBy, toggleName = "password", ...input }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...input}
        type={visible ? "text" : "password"}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass(invalid)} pr-10`}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? `Hide ${toggleName}` : `Show ${toggleName}`}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}

/** A labelled password input with its message under it (the account dialogs: "Show Old Password"). */
export function PasswordField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: Omit<FieldProps, "label" | "required"> & { label: string } & Omit<Props, "id" | "invalid" | "describedBy" | "toggleName">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <PasswordInput id={id} invalid={!!error} describedBy={error ? messageId(id) : undefined} toggleName={label} {...input} />
    </Field>
  );
}

function EyeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}
