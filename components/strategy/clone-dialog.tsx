"use client";
// The strategy clone dialog (business.md 2): a new name (default
// '<name> - Copy', the strategy name rules), the target campaign (one of the
// strategy's advertiser; default its own), 'Copy creatives' and 'Copy
// creative sets'. The server builds the clone through the wizard's create
// path (lib/strategies/clone.ts), so a refused creative or set is answered
// beside its checkbox; the clone is inactive and its details page opens.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { cloneStrategyAction } from "@/lib/strategy-templates/actions";
import type { StrategyDetails } from "@/lib/strategies/queries";
import { CloneFieldsSchema, cloneNameOf, type CloneFieldsInput } from "@/lib/strategy-templates/schema";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { CheckboxField, FormError, InputField, SelectField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";

export interface CloneDialogProps {
  strategy: { id: number; name: string; campaignId: number };
  /** The advertiser's open campaigns. */
  campaigns: { id: number; name: string }[];
  disabled: boolean;
}

function CloneForm({ strategy, campaigns, onDone }: Omit<CloneDialogProps, "disabled"> & { onDone(): void }) {
  const router = useRouter();
  const { form, formId, formError, onSubmit, submitting } = useActionForm<CloneFieldsInput, StrategyDetails>({
    schema: CloneFieldsSchema,
    defaultValues: { name: cloneNameOf(strategy.name), campaignId: strategy.campaignId, copyCreatives: false, copyCreativeSets: false },
    action: (values) => cloneStrategyAction({ id: strategy.id, ...values }),
    idempotent: true,
    onSuccess: (clone) => {
      onDone();
      router.push(`/strategy/details/${clone.id}`);
    },
  });
  const errors = form.formState.errors;
  return (
    <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Clone strategy" className="space-y-4" data-testid="clone-form">
      <FormError message={formError} testId="clone-error" />
      <InputField id="clone-name" label="Name" required error={errors.name?.message} {...form.register("name")} />
      <SelectField id="clone-campaign" label="Campaign" required error={errors.campaignId?.message} {...form.register("campaignId", { valueAsNumber: true })}>
        {campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <CheckboxField id="clone-copy-creatives" label="Copy creatives" error={errors.copyCreatives?.message} {...form.register("copyCreatives")} />
      <CheckboxField id="clone-copy-creative-sets" label="Copy creative sets" error={errors.copyCreativeSets?.message} {...form.register("copyCreativeSets")} />
      <p className="text-xs text-slate-600">The clone is created inactive. A schedule already started begins immediately.</p>
      <div className="flex justify-end gap-2">
        <Button onClick={onDone} data-testid="clone-cancel">
          Cancel
        </Button>
        <SubmitButton submitting={submitting} disabled={submitting} label="Clone" data-testid="clone-save" />
      </div>
    </form>
  );
}

export function CloneDialog({ disabled, ...props }: CloneDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)} data-testid="strategy-clone">
        Clone
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Clone strategy" dismissible="explicit" width="min(94vw, 560px)" testId="clone-dialog">
        {open ? <CloneForm {...props} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
