"use client";
// Create / edit a click destination: name, URL and the MMP parameters as
// key/value rows. The advertiser's MMP's standard parameters come first with
// their labels (required ones marked); other parameters can be added freely.
import { useState } from "react";
import { useFieldArray, useForm, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { createClickDestinationAction, updateClickDestinationAction } from "@/lib/click-destinations/actions";
import type { MmpParameter } from "@/lib/click-destinations/mmp";
import type { ClickDestinationRow } from "@/lib/click-destinations/queries";
import {
  clickDestinationSchema,
  formParamRows,
  MAX_PARAMS,
  type ClickDestinationInput,
  type ClickDestinationValues,
} from "@/lib/click-destinations/schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import { expiredSession } from "@/components/account/session-events";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/common/form-classes";

export interface MmpInfo {
  mmp: string | null;
  parameters: MmpParameter[];
  known: boolean;
}

type FormValues = { name: string; url: string; mmpParams: { key: string; value: string }[] };

export function DestinationDialog({
  open,
  advertiserId,
  mmp,
  destination,
  onClose,
  onSaved,
}: {
  open: boolean;
  advertiserId: number;
  mmp: MmpInfo;
  /** null: a new destination. */
  destination: ClickDestinationRow | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const title = destination ? "Edit Click Destination" : "New Click Destination";
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          data-testid="click-destination-dialog"
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,640px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {open ? <DestinationForm key={destination?.id ?? "new"} advertiserId={advertiserId} mmp={mmp} destination={destination} onCancel={onClose} onSaved={onSaved} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DestinationForm({
  advertiserId,
  mmp,
  destination,
  onCancel,
  onSaved,
}: {
  advertiserId: number;
  mmp: MmpInfo;
  destination: ClickDestinationRow | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const { rows, standardCount } = formParamRows(mmp.mmp, destination?.mmpParams ?? []);
  const form = useForm<ClickDestinationInput, unknown, ClickDestinationValues>({
    resolver: zodResolver(clickDestinationSchema(mmp.mmp)),
    defaultValues: { name: destination?.name ?? "", url: destination?.url ?? "", mmpParams: rows },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "mmpParams" });
  const errors = form.formState.errors;
  const paramErrors = errors.mmpParams as
    | ({ message?: string; root?: { message?: string } } & Record<number, { key?: { message?: string }; value?: { message?: string } } | undefined>)
    | undefined;
  const arrayError = listError ?? paramErrors?.message ?? paramErrors?.root?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setListError(null);
    const result = destination
      ? await updateClickDestinationAction(advertiserId, destination.id, destination.version, values)
      : await createClickDestinationAction(advertiserId, values);
    if (result.ok) return onSaved(destination ? "Click destination saved" : "Click destination created");
    if (expiredSession(result)) return;
    const fieldErrors = Object.entries(result.fieldErrors ?? {});
    for (const [path, message] of fieldErrors) {
      if (path === "mmpParams") setListError(message);
      else form.setError(path as Path<FormValues>, { message });
    }
    if (fieldErrors.length === 0) setFormError(result.formError ?? SERVER_ERROR_MESSAGE);
  });

  const err = (id: string, message: string | undefined) =>
    message ? (
      <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1 text-xs text-red-600">
        {message}
      </p>
    ) : null;

  return (
    <form noValidate aria-label={destination ? "Edit Click Destination" : "New Click Destination"} className="mt-5 space-y-4" onSubmit={(e) => void onSubmit(e).catch(() => setFormError(SERVER_ERROR_MESSAGE))}>
      {formError ? (
        <div role="alert" data-testid="click-destination-form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </div>
      ) : null}
      <div>
        <label htmlFor="cd-name" className="text-sm font-medium text-slate-700">
          Name <span aria-hidden="true" className="text-red-600">*</span>
        </label>
        <input id="cd-name" className={`${inputClass} mt-1`} aria-invalid={!!errors.name || undefined} {...form.register("name")} />
        {err("cd-name", errors.name?.message)}
      </div>
      <div>
        <label htmlFor="cd-url" className="text-sm font-medium text-slate-700">
          URL <span aria-hidden="true" className="text-red-600">*</span>
        </label>
        <input id="cd-url" type="url" placeholder="https://" className={`${inputClass} mt-1`} aria-invalid={!!errors.url || undefined} {...form.register("url")} />
        {err("cd-url", errors.url?.message)}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">MMP parameters</legend>
        <p className="text-xs text-slate-500" data-testid="cd-mmp">
          {mmp.known
            ? `Standard parameters of ${mmp.mmp}; required ones are marked.`
            : mmp.mmp && mmp.mmp !== "None"
              ? `No standard parameters are known for ${mmp.mmp}: add them as key/value rows.`
              : "The advertiser has no MMP: add parameters as key/value rows."}
        </p>
        {err("cd-params", arrayError)}
        <ul className="space-y-2">
          {fields.map((field, i) => {
            const standard = i < standardCount ? mmp.parameters.find((p) => p.key === rows[i].key) : undefined;
            const keyId = `cd-param-${i}-key`;
            const valueId = `cd-param-${i}-value`;
            return (
              <li key={field.id} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2rem] items-start gap-2" data-testid="cd-param-row">
                {standard ? (
                  <label htmlFor={valueId} className="pt-2 text-sm text-slate-700">
                    {standard.label} <code className="text-xs text-slate-500">{standard.key}</code>
                    {standard.required ? <span aria-hidden="true" className="text-red-600"> *</span> : null}
                  </label>
                ) : (
                  <div>
                    <input id={keyId} aria-label={`Parameter ${i + 1} key`} placeholder="key" className={inputClass} {...form.register(`mmpParams.${i}.key`)} />
                    {err(keyId, paramErrors?.[i]?.key?.message)}
                  </div>
                )}
                <div>
                  <input
                    id={valueId}
                    aria-label={standard ? undefined : `Parameter ${i + 1} value`}
                    placeholder={standard?.example ?? "value"}
                    className={inputClass}
                    aria-invalid={!!paramErrors?.[i]?.value || undefined}
                    {...form.register(`mmpParams.${i}.value`)}
                  />
                  {err(valueId, paramErrors?.[i]?.value?.message)}
                </div>
                {standard ? (
                  <span />
                ) : (
                  <button type="button" aria-label={`Remove parameter ${i + 1}`} className="pt-2 text-slate-400 hover:text-red-600" onClick={() => remove(i)}>
                    ✕
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={fields.length >= MAX_PARAMS}
          onClick={() => append({ key: "", value: "" })}
          data-testid="cd-add-param"
        >
          + Add parameter
        </button>
      </fieldset>
      <div className="flex justify-end gap-3">
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass} disabled={form.formState.isSubmitting} data-testid="cd-save">
          {form.formState.isSubmitting ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
