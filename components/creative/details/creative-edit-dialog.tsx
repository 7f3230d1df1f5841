"use client";
// Edit of a creative's name, click destination and identifiers (type,
// advertiser and file are fixed), version-checked: someone else's save in
// between is reported with the conflict message and nothing is written. A
// creative stored without the identifiers its type needs (a video converted
// before they were asked for) or without a click destination (stored before
// one was required) opens with their messages already shown.
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { updateCreativeAction } from "@/lib/creatives/actions";
import { AD_MARKING_KEYS, CreativeEditSchema, lacksClickDestination, lacksIdentifiers, needsIdentifiers, type CreativeEditValues } from "@/lib/creatives/schema";
import type { CreativeType } from "@/lib/generated/prisma/enums";
import { useActionForm } from "@/components/forms/use-action-form";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { FormError, InputField, SelectField } from "@/components/ui/field";
import { AdMarkingFields } from "../ad-marking-fields";

export interface CreativeEditDialogProps {
  id: number;
  version: number;
  type: CreativeType;
  values: { name: string; clickDestinationId: number | null; kktuCode: string; person: string; erId: string };
  clickDestinations: { id: number; name: string }[];
  disabled: boolean;
}

export function CreativeEditDialog({ id, version, type, values, clickDestinations, disabled }: CreativeEditDialogProps) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const f = useActionForm<CreativeEditValues, unknown>({
    schema: CreativeEditSchema,
    defaultValues: { type, ...values },
    action: (v) => updateCreativeAction({ ...v, id, version }),
    onSuccess: () => {
      setOpen(false);
      router.refresh();
    },
  });
  const { register, trigger } = f.form;
  const lacking = lacksIdentifiers(type, values);
  const lackingDestination = lacksClickDestination(values);
  useEffect(() => {
    if (!open) return;
    const fields = [...(lacking ? AD_MARKING_KEYS : []), ...(lackingDestination ? (["clickDestinationId"] as const) : [])];
    if (fields.length) void trigger(fields);
  }, [open, lacking, lackingDestination, trigger]);
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)} data-testid="creative-edit">
        Edit
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Edit Creative"
        dismissible="explicit"
        testId="creative-edit-dialog"
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" type="submit" form={f.formId} disabled={f.submitting} data-testid="creative-edit-save">
              {f.submitting ? "Saving..." : "Save"}
            </Button>
          </>
        }
      >
        <form id={f.formId} onSubmit={f.onSubmit} noValidate className="space-y-3">
          <FormError message={f.formError} />
          <InputField id="creative-name" label="Name" required error={f.errorOf("name")} {...register("name")} />
          <SelectField
            id="creative-click-destination"
            label="Click destination"
            required
            error={f.errorOf("clickDestinationId")}
            {...register("clickDestinationId", { setValueAs: (v) => (v === "" || v === null ? null : Number(v)) })}
          >
            <option value="">Select</option>
            {clickDestinations.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          {needsIdentifiers(type) && <AdMarkingFields idPrefix="creative" register={register} errorOf={f.errorOf} />}
        </form>
      </Modal>
    </>
  );
}
