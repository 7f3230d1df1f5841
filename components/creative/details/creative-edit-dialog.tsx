"use client";
// Edit of a creative's name, click destination and identifiers (type,
// advertiser and file are fixed), version-checked: someone else's save in
// between is reported with the conflict message and nothing is written.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { updateCreativeAction } from "@/lib/creatives/actions";
import { CreativeEditSchema, needsIdentifiers, type CreativeEditValues } from "@/lib/creatives/schema";
import type { CreativeType } from "@/lib/generated/prisma/enums";
import { useActionForm } from "@/components/forms/use-action-form";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { FormError, InputField, SelectField } from "@/components/ui/field";

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
  const { register } = f.form;
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
            error={f.errorOf("clickDestinationId")}
            {...register("clickDestinationId", { setValueAs: (v) => (v === "" || v === null ? null : Number(v)) })}
          >
            <option value="">None</option>
            {clickDestinations.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          {needsIdentifiers(type) && (
            <>
              <InputField id="creative-kktu" label="KKTU code" required error={f.errorOf("kktuCode")} {...register("kktuCode")} />
              <InputField id="creative-person" label="Person" required error={f.errorOf("person")} {...register("person")} />
              <InputField id="creative-erid" label="ER id" required error={f.errorOf("erId")} {...register("erId")} />
            </>
          )}
        </form>
      </Modal>
    </>
  );
}
