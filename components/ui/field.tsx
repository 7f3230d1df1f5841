// Labelled form controls with their message beside them (the guide's "every
// bad input gets a clear message next to the field"): one way for every form.
// The id ties the label, the control and the message together for screen
// readers and tests: the message is `${id}-error` (id and test id), and the
// control points at it with aria-describedby.
//
//   <InputField id="cd-name" label="Name" required error={errorOf("name")} {...form.register("name")} />
//   <SelectField id="feed-frequency" label="Update frequency" {...form.register("updateFrequencyHours")}>{options}</SelectField>
//
// Field wraps any other control (a custom picker, a switch); inputClass() gives
// a bare control (a table cell, a search box) the same look.
import { useEffect, useRef, type ComponentPropsWithRef, type ReactNode, type Ref } from "react";

const CONTROL =
  "block rounded-md border bg-white px-3 text-sm shadow-xs placeholder:text-slate-400 focus:border-primary focus:ring-2 focus:ring-ring focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50";

/**
 * The classes of a text input, select or textarea; red border when invalid (or
 * marked aria-invalid). `width` replaces the full width; `compact` is a toolbar's height.
 */
export function inputClass(invalid = false, { width = "w-full", compact = false }: { width?: string; compact?: boolean } = {}): string {
  return `${CONTROL} ${width} ${compact ? "py-1.5" : "py-2"} ${invalid ? "border-red-400" : "border-slate-300 aria-invalid:border-red-400"}`;
}

/** The id of a field's message, which its control names in aria-describedby. */
export const messageId = (id: string) => `${id}-error`;

/** The error of a field (red), else its warning (amber: accepted, but worth a look), else its hint (grey). */
export function FieldMessage({
  id,
  error,
  warning,
  hint,
  testId = messageId(id),
}: {
  id: string;
  error?: string | null;
  warning?: string | null;
  hint?: ReactNode;
  /** The error's test id, when a page's tests know it by another name than `${id}-error`. */
  testId?: string;
}) {
  if (error) {
    return (
      <p id={messageId(id)} data-testid={testId} className="mt-1 text-xs text-red-600">
        {error}
      </p>
    );
  }
  if (warning) {
    return (
      <p id={`${id}-warning`} data-testid={`${id}-warning`} className="mt-1 text-xs text-amber-700">
        {warning}
      </p>
    );
  }
  return hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** Classes of the wrapper (grid spans, widths). */
  className?: string;
  /** The error's test id (default `${id}-error`). */
  messageTestId?: string;
}

/** A label above any control, the message under it. */
export function Field({ id, label, error, hint, required, className, messageTestId, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <div className="mt-1">{children}</div>
      <FieldMessage id={id} error={error} hint={hint} testId={messageTestId} />
    </div>
  );
}

/** The aria attributes that tie a control to its message. */
function describedBy(id: string, error: string | null | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": messageId(id) } : {};
}

type ControlProps<E extends "input" | "select" | "textarea"> = FieldProps & Omit<ComponentPropsWithRef<E>, "id" | "className"> & {
  /** The control's width class, instead of the full width ("w-auto", "w-40"). */
  controlWidth?: string;
  /** Extra classes of the control itself (not its width, padding or border). */
  controlClassName?: string;
};

function controlClass(error: string | null | undefined, width: string | undefined, extra: string) {
  return `${inputClass(!!error, { width })} ${extra}`.trim();
}

export function InputField({ id, label, error, hint, required, className, messageTestId, controlWidth, controlClassName = "", ...input }: ControlProps<"input">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className} messageTestId={messageTestId}>
      <input id={id} className={controlClass(error, controlWidth, controlClassName)} {...describedBy(id, error)} {...input} />
    </Field>
  );
}

export function SelectField({ id, label, error, hint, required, className, messageTestId, controlWidth, controlClassName = "", children, ...select }: ControlProps<"select">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className} messageTestId={messageTestId}>
      <select id={id} className={controlClass(error, controlWidth, controlClassName)} {...describedBy(id, error)} {...select}>
        {children}
      </select>
    </Field>
  );
}

export function TextareaField({ id, label, error, hint, required, className, messageTestId, controlWidth, controlClassName = "", ...textarea }: ControlProps<"textarea">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className} messageTestId={messageTestId}>
      <textarea id={id} className={controlClass(error, controlWidth, controlClassName)} {...describedBy(id, error)} {...textarea} />
    </Field>
  );
}

export interface CheckboxProps extends Omit<ComponentPropsWithRef<"input">, "type"> {
  /** Some but not all of what it stands for are checked (a select-all box). */
  indeterminate?: boolean;
}

/** A bare checkbox in the console's colour; `indeterminate` shows the dash of a partial selection. */
export function Checkbox({ indeterminate = false, checked, className = "", ref, ...input }: CheckboxProps) {
  const own = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (own.current) own.current.indeterminate = indeterminate && !checked;
  }, [indeterminate, checked]);
  const setRef = (el: HTMLInputElement | null) => {
    own.current = el;
    assignRef(ref, el);
  };
  return (
    <input
      ref={setRef}
      type="checkbox"
      checked={checked}
      className={`h-4 w-4 rounded border-slate-300 accent-primary disabled:cursor-not-allowed disabled:opacity-50 ${className}`.trim()}
      {...input}
    />
  );
}

/** A checkbox with its label beside it and its message under both. */
export function CheckboxField({ id, label, error, hint, className, ...input }: Omit<FieldProps, "required"> & Omit<CheckboxProps, "id">) {
  return (
    <div className={className}>
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm text-slate-700">
        <Checkbox id={id} {...describedBy(id, error)} {...input} />
        {label}
      </label>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

export function FormSection({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">{title}</h2>
        {actions}
      </div>
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">{children}</div>
    </section>
  );
}

/** The message for the whole form, above its fields (useActionForm's formError). */
export function FormError({ message, testId = "form-error" }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <div role="alert" data-testid={testId} className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </div>
  );
}
