"use client";
// The preference form (shell.md 2.12, 5): Name, Grid Row Limit, Timezone and
// Grid Metrics, validated by the same zod schema as the server. Save stays
// disabled while the name is empty.
import { useMemo } from "react";
import { Controller, useWatch } from "react-hook-form";
import type { Role } from "@/lib/auth/roles";
import type { ActionResult } from "@/lib/actions/result";
import type { PresetView } from "@/lib/preferences/mutations";
import type { TimezoneOption } from "@/lib/preferences/queries";
import { presetSchema, type PresetInput } from "@/lib/preferences/schema";
import { Button } from "@/components/ui/button";
import { FormError, InputField, SelectField } from "@/components/ui/field";
import { useActionForm } from "@/components/forms/use-action-form";
import { columnGroupsFor } from "./column-catalogue";
import { TimezoneField } from "./timezone-select";

export type PresetFormMode = "new" | "edit" | "clone";

export const FORM_TITLES: Record<PresetFormMode, string> = {
  new: "New Preference",
  edit: "Edit Preference",
  clone: "Clone Preference",
};

export interface PresetFormProps {
  mode: PresetFormMode;
  role: Role;
  initial: { name: string; rowLimit: number; timezoneId: number; columns: string[] };
  /** Names of the listed presets except the edited one (uniqueness, shell.md 5). */
  takenNames: string[];
  rowLimits: number[];
  timezones: TimezoneOption[];
  onSave: (values: PresetInput) => Promise<ActionResult<PresetView>>;
  onCancel: () => void;
  onSaved: () => void;
}

export function PresetForm({ mode, role, initial, takenNames, rowLimits, timezones, onSave, onCancel, onSaved }: PresetFormProps) {
  const schema = useMemo(() => presetSchema({ role, takenNames }), [role, takenNames]);
  const groups = useMemo(() => columnGroupsFor(role), [role]);
  const { form, formError, onSubmit, submitting } = useActionForm<PresetInput, PresetView>({
    schema,
    defaultValues: initial,
    action: onSave,
    // New and cloned presets are created: once, however often Save is pressed.
    idempotent: mode !== "edit",
    onSuccess: () => onSaved(),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const name = useWatch({ control, name: "name" });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="preset-form" className="flex min-h-0 flex-1 flex-col">
      <h3 className="text-base font-semibold text-slate-900">{FORM_TITLES[mode]}</h3>
      <div className="mt-3 empty:hidden">
        <FormError message={formError} testId="preset-form-error" />
      </div>
      <div className="mt-4 grid min-h-0 flex-1 grid-cols-1 gap-4 overflow-y-auto pr-1 md:grid-cols-3">
        <InputField id="preset-name" label="Name" maxLength={40} error={errors.name?.message} {...register("name")} />
        <SelectField id="preset-rows" label="Grid Row Limit" error={errors.rowLimit?.message} {...register("rowLimit", { valueAsNumber: true })}>
          {rowLimits.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        {timezones.length > 0 && (
          <TimezoneField id="preset-timezone" label="Timezone" control={control} name="timezoneId" options={timezones} error={errors.timezoneId?.message} />
        )}
        <fieldset className="md:col-span-3">
          <legend className="text-sm font-medium text-slate-700">Grid Metrics</legend>
          {errors.columns && (
            <p role="alert" className="mt-1 text-xs text-red-600">
              {errors.columns.message ?? errors.columns.root?.message}
            </p>
          )}
          <Controller
            control={control}
            name="columns"
            render={({ field }) => {
              const selected = new Set(field.value);
              const set = (ids: string[], on: boolean) => {
                const next = new Set(selected);
                for (const id of ids) {
                  if (on) next.add(id);
                  else next.delete(id);
                }
                // Keep the existing order and append new ids in catalogue order.
                const order = groups.flatMap((g) => g.columns.map((c) => c.id));
                field.onChange([...field.value.filter((id) => next.has(id)), ...order.filter((id) => next.has(id) && !selected.has(id))]);
              };
              return (
                <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {groups.map((g) => {
                    const ids = g.columns.map((c) => c.id);
                    const all = ids.every((id) => selected.has(id));
                    return (
                      <div key={g.id} role="group" aria-label={g.label} className="rounded-md border border-slate-200 p-3">
                        <label className="flex items-center gap-2 border-b border-slate-100 pb-1.5 text-sm font-semibold text-slate-800">
                          <input
                            type="checkbox"
                            checked={all}
                            ref={(el) => {
                              if (el) el.indeterminate = !all && ids.some((id) => selected.has(id));
                            }}
                            onChange={(e) => set(ids, e.target.checked)}
                            aria-label={`Select all ${g.label}`}
                            className="accent-primary"
                          />
                          {g.label}
                        </label>
                        <div className="mt-1.5 space-y-1">
                          {g.columns.map((c) => (
                            <label key={c.id} title={c.hover} className="flex items-center gap-2 text-sm text-slate-700">
                              <input
                                type="checkbox"
                                checked={selected.has(c.id)}
                                onChange={(e) => set([c.id], e.target.checked)}
                                className="accent-primary"
                              />
                              {c.title}
                            </label>
                          ))}
                        </div>
                      </div>
                    );
                  })}
                </div>
              );
            }}
          />
        </fieldset>
      </div>
      <div className="mt-4 flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={!name?.trim() || submitting}>
          Save
        </Button>
      </div>
    </form>
  );
}
