"use client";
// The conversion tracker form (business.md 3 PIXEL, 4, 5, 9), used by the
// create and edit pages and by the modal (PixelFormDialog). The zod schema of
// lib/pixels/schema.ts validates here and again in the server action; the
// action's field errors land beside the same fields. A failed submit scrolls
// to the first message; while the form holds changes the browser warns before
// leaving the page; after a failed save the busy state ends and Save works again.
import { useId, useState } from "react";
import { useForm, useWatch, type Path, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
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
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "@/components/account/confirm-dialog";
import { expiredSession } from "@/components/account/session-events";
import { Field, inputClass } from "@/components/forms/field";
import { useUnsavedChangesWarning } from "./use-unsaved-changes";

const resolver = zodResolver(PixelFormSchema) as unknown as Resolver<PixelFormValues>;
const FIELDS: readonly (keyof PixelFormValues)[] = [
  "name",
  "type",
  "viewWindowDays",
  "clickWindowDays",
  "countMode",
  "userFcap",
  "fcapValue",
  "fcapUnit",
];

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

function scrollToFirstError(formId: string) {
  // After React has rendered the messages.
  requestAnimationFrame(() =>
    document.getElementById(formId)?.querySelector("[aria-invalid='true']")?.scrollIntoView({ block: "center", behavior: "smooth" }),
  );
}

export function PixelForm({ advertiserId, pixel, initial, canWrite, onCancel, onSaved, variant = "page" }: PixelFormProps) {
  const formId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<PixelFormValues>({ resolver, defaultValues: initial, mode: "onTouched" });
  const {
    register,
    control,
    setValue,
    clearErrors,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const type = useWatch({ control, name: "type" });
  const countMode = useWatch({ control, name: "countMode" });
  const windows = windowsOf(type);
  useUnsavedChangesWarning(canWrite && isDirty && !saved);

  const submit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        const result = pixel
          ? await updatePixelAction(advertiserId, pixel.id, pixel.version, values)
          : await createPixelAction(advertiserId, values);
        if (result.ok) {
          setSaved(true); // no unsaved-changes warning on the way out
          onSaved({ id: result.data.id, name: "name" in result.data ? result.data.name : values.name.trim() });
          return;
        }
        if (expiredSession(result)) return;
        const fieldErrors = Object.entries(result.fieldErrors ?? {}).filter(([key]) => FIELDS.includes(key as keyof PixelFormValues));
        fieldErrors.forEach(([key, message], i) => setError(key as Path<PixelFormValues>, { message }, { shouldFocus: i === 0 }));
        setFormError(fieldErrors.length > 0 ? (result.formError ?? null) : (result.formError ?? SERVER_ERROR_MESSAGE));
        if (fieldErrors.length > 0) scrollToFirstError(formId);
      } catch {
        // The action could not be reached (network, server restart): the form stays usable.
        setFormError(SERVER_ERROR_MESSAGE);
      }
    },
    () => scrollToFirstError(formId),
  );

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
      onSubmit={(e) => void submit(e)}
      data-testid="pixel-form"
      aria-label={pixel ? "Edit Conversion Tracker" : "New Conversion Tracker"}
      className={dialog ? "flex min-h-0 flex-1 flex-col" : "space-y-4"}
    >
      <div className={dialog ? "min-h-0 flex-1 space-y-5 overflow-y-auto px-6 py-5" : "space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-xs"}>
        {formError ? (
          <p role="alert" data-testid="pixel-form-error" className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}
        <fieldset disabled={!canWrite} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field id="pixel-name" label="Name" required error={errors.name?.message}>
              <input id="pixel-name" className={inputClass(!!errors.name)} aria-invalid={invalid("name")} maxLength={300} {...nameField} />
            </Field>
            <Field id="pixel-type" label="Type" required error={errors.type?.message}>
              <select id="pixel-type" className={inputClass(!!errors.type)} aria-invalid={invalid("type")} {...typeField}>
                <option value="">Select a type</option>
                {PIXEL_TYPES.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>

          {windows.view || windows.click ? (
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="pixel-windows">
              {windows.view ? (
                <Field
                  id="pixel-view-window"
                  label="View Validity Window (days)"
                  required
                  error={errors.viewWindowDays?.message}
                  hint="Conversions within this many days after an impression are counted."
                >
                  <input id="pixel-view-window" inputMode="numeric" className={inputClass(!!errors.viewWindowDays)} aria-invalid={invalid("viewWindowDays")} {...register("viewWindowDays")} />
                </Field>
              ) : null}
              {windows.click ? (
                <Field
                  id="pixel-click-window"
                  label="Click Validity Window (days)"
                  required
                  error={errors.clickWindowDays?.message}
                  hint="Conversions within this many days after a click are counted."
                >
                  <input id="pixel-click-window" inputMode="numeric" className={inputClass(!!errors.clickWindowDays)} aria-invalid={invalid("clickWindowDays")} {...register("clickWindowDays")} />
                </Field>
              ) : null}
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
                <Field id="pixel-fcap-unit" label="Duration unit" required error={errors.fcapUnit?.message}>
                  <select id="pixel-fcap-unit" className={inputClass(!!errors.fcapUnit)} aria-invalid={invalid("fcapUnit")} {...register("fcapUnit")}>
                    <option value="">Select a unit</option>
                    {FCAP_UNITS.map((u) => (
                      <option key={u.id} value={u.id}>
                        {u.label}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
            ) : null}
          </fieldset>
        </fieldset>
      </div>
      <div className={dialog ? "flex justify-end gap-2 border-t border-slate-200 px-6 py-4" : "flex justify-end gap-2"}>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel} data-testid="pixel-cancel">
          Cancel
        </button>
        <button type="submit" className={PRIMARY_BUTTON} disabled={!canWrite || isSubmitting} aria-busy={isSubmitting} data-testid="pixel-save">
          {isSubmitting ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
