"use client";
// The conversion tracker form (business.md 3 PIXEL, 4, 5, 9), used by the
// create and edit pages and by the modal (PixelFormDialog). The zod schema of
// lib/pixels/schema.ts validates here and again in the server action; the
// action's field errors land beside the same fields. A failed submit scrolls
// to the first message; while the form holds changes the browser warns before
// leaving the page; after a failed save the busy state ends and Save works again.
import type { ComponentProps } from "react";
import { useWatch, type FieldError } from "react-hook-form";
import { createPixelAction, updatePixelAction } from "@/lib/pixels/actions";
import {
  COUNT_CHOICES,
  COUNT_MODES,
  FCAP_UNITS,
  FORM_DEFAULT_WINDOW_DAYS,
  PIXEL_TYPES,
  PixelFormSchema,
  windowsOf,
  type PixelFormValues,
} from "@/lib/pixels/schema";
import { Button, SubmitButton } from "@/components/ui/button";
import { Field, FormError, inputClass } from "@/components/ui/field";
import { useEntityForm } from "@/components/forms/use-entity-form";

export interface SavedPixel {
  id: number;
  name: string;
}

export interface PixelFormProps {
  advertiserId: number;
  /** The pixel being edited; absent for a new one. */
  pixel?: { id: number; version: number };
  initial: PixelFormValues;
  /** False for read-only and demo users: every control disabled. */
  canWrite: boolean;
  onCancel: () => void;
  onSaved: (pixel: SavedPixel) => void;
  /** "dialog": the buttons stay visible at the bottom of the modal while its body scrolls. */
  variant?: "page" | "dialog";
}

/** A required choice of the form, its "Select a …" prompt first. */
function ChoiceField({
  id,
  label,
  prompt,
  choices,
  fieldError,
  ...select
}: ComponentProps<"select"> & { id: string; label: string; prompt: string; choices: { id: string; text: string }[]; fieldError: FieldError | undefined }) {
  return (
    <Field id={id} label={label} required error={fieldError?.message}>
      <select id={id} className={inputClass(!!fieldError)} aria-invalid={fieldError ? true : undefined} {...select}>
        <option value="">{prompt}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.text}
          </option>
        ))}
      </select>
    </Field>
  );
}

const TYPE_CHOICES = PIXEL_TYPES.map((t) => ({ id: t.id, text: t.name }));
const UNIT_CHOICES = FCAP_UNITS.map((u) => ({ id: u.id, text: u.label }));

/** The validity windows a pixel type may have, view first (windowsOf says which apply). */
const WINDOW_FIELDS = [
  { kind: "view", name: "viewWindowDays", label: "View Validity Window (days)", hint: "Conversions within this many days after an impression are counted." },
  { kind: "click", name: "clickWindowDays", label: "Click Validity Window (days)", hint: "Conversions within this many days after a click are counted." },
] as const;

export function PixelForm({ advertiserId, pixel, initial, canWrite, onCancel, onSaved, variant = "page" }: PixelFormProps) {
  // The page or dialog around the form decides where a saved pixel goes (onSaved); no warning on the way out once saved.
  const { form, formId, formError, onSubmit, submitting } = useEntityForm<PixelFormValues, { id: number; name?: string }>({
    mode: pixel ? "edit" : "create",
    schema: PixelFormSchema,
    initial,
    canWrite,
    validateOn: "onTouched",
    create: (values) => createPixelAction({ advertiserId, ...values }),
    update: (values) => updatePixelAction({ advertiserId, id: pixel!.id, version: pixel!.version, ...values }),
    onSaved: (saved, values) => onSaved({ id: saved.id, name: saved.name ?? values.name.trim() }),
  });
  const {
    register,
    control,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const type = useWatch({ control, name: "type" });
  const countMode = useWatch({ control, name: "countMode" });
  const windows = windowsOf(type);

  // Registered in the order of the page, so a failed submit focuses the first field with a message.
  const nameField = register("name");
  // business.md 4: changing the type resets the validity windows to the default.
  const typeField = register("type", {
    onChange: () => {
      setValue("viewWindowDays", String(FORM_DEFAULT_WINDOW_DAYS), { shouldDirty: true });
      setValue("clickWindowDays", String(FORM_DEFAULT_WINDOW_DAYS), { shouldDirty: true });
      clearErrors(["viewWindowDays", "clickWindowDays"]);
    },
  });
  const invalid = (name: keyof PixelFormValues) => (errors[name] ? true : undefined);
  const dialog = variant === "dialog";

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      data-testid="pixel-form"
      aria-label={pixel ? "Edit Conversion Tracker" : "New Conversion Tracker"}
      className={dialog ? "flex min-h-0 flex-1 flex-col" : "space-y-4"}
    >
      <div className={dialog ? "min-h-0 flex-1 space-y-5 overflow-y-auto px-6 py-5" : "space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-xs"}>
        <FormError message={formError} testId="pixel-form-error" />
        <fieldset disabled={!canWrite} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field id="pixel-name" label="Name" required error={errors.name?.message}>
              <input id="pixel-name" className={inputClass(!!errors.name)} aria-invalid={invalid("name")} maxLength={300} {...nameField} />
            </Field>
            <ChoiceField id="pixel-type" label="Type" prompt="Select a type" choices={TYPE_CHOICES} fieldError={errors.type} {...typeField} />
          </div>

          {windows.view || windows.click ? (
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="pixel-windows">
              {WINDOW_FIELDS.filter((w) => windows[w.kind]).map(({ kind, name, label, hint }) => (
                <Field key={kind} id={`pixel-${kind}-window`} label={label} required error={errors[name]?.message} hint={hint}>
                  <input id={`pixel-${kind}-window`} inputMode="numeric" className={inputClass(!!errors[name])} aria-invalid={invalid(name)} {...register(name)} />
                </Field>
              ))}
            </div>
          ) : null}

          <fieldset className="space-y-3" aria-invalid={invalid("countMode")}>
            <legend className="text-sm font-medium text-slate-700">Conversion Count</legend>
            <div className="flex flex-wrap gap-6">
              {COUNT_MODES.map((m) => (
                <label key={m.id} className="inline-flex items-center gap-2 text-sm text-slate-700">
                  <input type="radio" value={m.id} className="h-4 w-4 accent-primary" data-testid={`pixel-count-${m.id.toLowerCase()}`} {...register("countMode")} />
                  {m.label}
                </label>
              ))}
            </div>
            {errors.countMode?.message ? (
              <p data-testid="pixel-count-mode-error" className="text-xs text-red-600">
                {errors.countMode.message}
              </p>
            ) : null}
            {countMode === "CAPPED" ? (
              <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-3" data-testid="pixel-cap">
                <Field id="pixel-user-fcap" label="Conversions per user" required error={errors.userFcap?.message}>
                  <input
                    id="pixel-user-fcap"
                    inputMode="numeric"
                    list="pixel-count-choices"
                    className={inputClass(!!errors.userFcap)}
                    aria-invalid={invalid("userFcap")}
                    {...register("userFcap")}
                  />
                  <datalist id="pixel-count-choices">
                    {COUNT_CHOICES.map((n) => (
                      <option key={n} value={n} />
                    ))}
                  </datalist>
                </Field>
                <Field id="pixel-fcap-value" label="Every (duration)" required error={errors.fcapValue?.message}>
                  <input id="pixel-fcap-value" inputMode="numeric" className={inputClass(!!errors.fcapValue)} aria-invalid={invalid("fcapValue")} {...register("fcapValue")} />
                </Field>
                <ChoiceField id="pixel-fcap-unit" label="Duration unit" prompt="Select a unit" choices={UNIT_CHOICES} fieldError={errors.fcapUnit} {...register("fcapUnit")} />
              </div>
            ) : null}
          </fieldset>
        </fieldset>
      </div>
      <div className={dialog ? "flex justify-end gap-2 border-t border-slate-200 px-6 py-4" : "flex justify-end gap-2"}>
        <Button onClick={onCancel} data-testid="pixel-cancel">
          Cancel
        </Button>
        <SubmitButton submitting={submitting} disabled={!canWrite} busy={submitting} data-testid="pixel-save" />
      </div>
    </form>
  );
}
