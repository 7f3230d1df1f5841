"use client";
// Create / edit a click destination: name, URL and the MMP parameters as
// key/value rows. The advertiser's MMP's standard parameters come first with
// their labels (required ones marked); other parameters can be added freely.
import { useFieldArray } from "react-hook-form";
import { createClickDestinationAction, updateClickDestinationAction } from "@/lib/click-destinations/actions";
import type { MmpParameter } from "@/lib/click-destinations/mmp";
import type { ClickDestinationRow } from "@/lib/click-destinations/queries";
import {
  clickDestinationSchema,
  formParamRows,
  MAX_PARAMS,
  type ClickDestinationInput,
} from "@/lib/click-destinations/schema";
import { FormError, inputClass } from "@/components/forms/field";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

export interface MmpInfo {
  mmp: string | null;
  parameters: MmpParameter[];
  known: boolean;
}

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
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={title} width="min(94vw, 640px)" testId="click-destination-dialog">
      {open ? (
        <DestinationForm key={destination?.id ?? "new"} advertiserId={advertiserId} mmp={mmp} destination={destination} onCancel={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
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
  const { rows, standardCount } = formParamRows(mmp.mmp, destination?.mmpParams ?? []);
  const { form, formError, onSubmit, submitting } = useActionForm<ClickDestinationInput, unknown>({
    schema: clickDestinationSchema(mmp.mmp),
    defaultValues: { name: destination?.name ?? "", url: destination?.url ?? "", mmpParams: rows },
    action: (values) =>
      destination
        ? updateClickDestinationAction({ advertiserId, id: destination.id, version: destination.version, ...values })
        : createClickDestinationAction({ advertiserId, ...values }),
    onSuccess: () => onSaved(destination ? "Click destination saved" : "Click destination created"),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "mmpParams" });
  const errors = form.formState.errors;
  const paramErrors = errors.mmpParams as
    | ({ message?: string; root?: { message?: string } } & Record<number, { key?: { message?: string }; value?: { message?: string } } | undefined>)
    | undefined;
  const arrayError = paramErrors?.message ?? paramErrors?.root?.message;

  const err = (id: string, message: string | undefined) =>
    message ? (
      <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1 text-xs text-red-600">
        {message}
      </p>
    ) : null;

  return (
    <form noValidate aria-label={destination ? "Edit Click Destination" : "New Click Destination"} className="space-y-4 px-5 py-4" onSubmit={onSubmit}>
      <FormError message={formError} testId="click-destination-form-error" />
      <div>
        <label htmlFor="cd-name" className="text-sm font-medium text-slate-700">
          Name <span aria-hidden="true" className="text-red-600">*</span>
        </label>
        <input id="cd-name" className={`${inputClass(!!errors.name)} mt-1`} aria-invalid={!!errors.name || undefined} {...form.register("name")} />
        {err("cd-name", errors.name?.message)}
      </div>
      <div>
        <label htmlFor="cd-url" className="text-sm font-medium text-slate-700">
          URL <span aria-hidden="true" className="text-red-600">*</span>
        </label>
        <input id="cd-url" type="url" placeholder="https://" className={`${inputClass(!!errors.url)} mt-1`} aria-invalid={!!errors.url || undefined} {...form.register("url")} />
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
                    <input id={keyId} aria-label={`Parameter ${i + 1} key`} placeholder="key" className={inputClass(!!paramErrors?.[i]?.key)} {...form.register(`mmpParams.${i}.key`)} />
                    {err(keyId, paramErrors?.[i]?.key?.message)}
                  </div>
                )}
                <div>
                  <input
                    id={valueId}
                    aria-label={standard ? undefined : `Parameter ${i + 1} value`}
                    placeholder={standard?.example ?? "value"}
                    className={inputClass(!!paramErrors?.[i]?.value)}
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
        <Button size="sm" disabled={fields.length >= MAX_PARAMS} onClick={() => append({ key: "", value: "" })} data-testid="cd-add-param">
          + Add parameter
        </Button>
      </fieldset>
      <div className="flex justify-end gap-3">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" busy={submitting} data-testid="cd-save">
          {submitting ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
