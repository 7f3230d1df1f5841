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
import { FieldMessage, FormError, InputField, inputClass } from "@/components/ui/field";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { Button, SubmitButton } from "@/components/ui/button";
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
  // A dialog that never warned on leaving: it closes after a save, the list says so. A stale edit (409) shows the server's message
  // (no 'Reload latest version' here: the row comes from the list as it was when Edit was clicked, so only reopening it reads it again).
  const { form, formError, onSubmit, submitting } = useEntityForm<ClickDestinationInput, { id: number }>({
    mode: destination ? "edit" : "create",
    schema: clickDestinationSchema(mmp.mmp),
    initial: { name: destination?.name ?? "", url: destination?.url ?? "", mmpParams: rows },
    // Only writers get the Edit and New buttons.
    canWrite: true,
    warnUnsaved: false,
    create: (values) => createClickDestinationAction({ advertiserId, ...values }),
    update: (values) => updateClickDestinationAction({ advertiserId, id: destination!.id, version: destination!.version, ...values }),
    onSaved: () => onSaved(destination ? "Click destination saved" : "Click destination created"),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "mmpParams" });
  const errors = form.formState.errors;
  const paramErrors = errors.mmpParams as
    | ({ message?: string; root?: { message?: string } } & Record<number, { key?: { message?: string }; value?: { message?: string } } | undefined>)
    | undefined;
  const arrayError = paramErrors?.message ?? paramErrors?.root?.message;

  return (
    <form noValidate aria-label={destination ? "Edit Click Destination" : "New Click Destination"} className="space-y-4 px-5 py-4" onSubmit={onSubmit}>
      <FormError message={formError} testId="click-destination-form-error" />
      <InputField id="cd-name" label="Name" required error={errors.name?.message} {...form.register("name")} />
      <InputField id="cd-url" label="URL" required type="url" placeholder="https://" error={errors.url?.message} {...form.register("url")} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">MMP parameters</legend>
        <p className="text-xs text-slate-500" data-testid="cd-mmp">
          {mmp.known
            ? `Standard parameters of ${mmp.mmp}; required ones are marked.`
            : mmp.mmp && mmp.mmp !== "None"
              ? `No standard parameters are known for ${mmp.mmp}: add them as key/value rows.`
              : "The advertiser has no MMP: add parameters as key/value rows."}
        </p>
        <FieldMessage id="cd-params" error={arrayError} />
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
                    <FieldMessage id={keyId} error={paramErrors?.[i]?.key?.message} />
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
                  <FieldMessage id={valueId} error={paramErrors?.[i]?.value?.message} />
                </div>
                {standard ? (
                  <span />
                ) : (
                  <Button variant="ghost" size="icon" aria-label={`Remove parameter ${i + 1}`} className="mt-1" onClick={() => remove(i)}>
                    ✕
                  </Button>
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
        <SubmitButton submitting={submitting} busy={submitting} data-testid="cd-save" />
      </div>
    </form>
  );
}
