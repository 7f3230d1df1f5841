"use client";
// 'Save as strategy template' (business.md 2 save-as-strategy-template
// dialog): a name (required) and a description; the template keeps the
// strategy's wizard values without its campaign, name, schedule and the
// advertiser's records (lib/strategy-templates/settings.ts). Saved, it opens
// the template's details page. Users who may not write see the button disabled.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { saveStrategyTemplateAction } from "@/lib/strategy-templates/actions";
import type { TemplateDetails } from "@/lib/strategy-templates/queries";
import { TemplateFieldsSchema, TEMPLATE_DESCRIPTION_MAX, TEMPLATE_NAME_MAX } from "@/lib/strategy-templates/schema";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { FormError, InputField, TextareaField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";

type Fields = { templateName: string; description: string };

function SaveTemplateForm({ strategyId, strategyName, onDone }: { strategyId: number; strategyName: string; onDone(): void }) {
  const router = useRouter();
  const { form, formId, formError, onSubmit, submitting } = useActionForm<Fields, TemplateDetails>({
    schema: TemplateFieldsSchema,
    defaultValues: { templateName: strategyName, description: "" },
    action: (values) => saveStrategyTemplateAction({ strategyId, ...values }),
    idempotent: true,
    onSuccess: (template) => {
      onDone();
      router.push(`/strategy/templates-details/${template.id}`);
    },
  });
  const errors = form.formState.errors;
  return (
    <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Save as strategy template" className="space-y-4" data-testid="save-template-form">
      <FormError message={formError} testId="save-template-error" />
      <InputField id="template-name" label="Template Name" required maxLength={TEMPLATE_NAME_MAX} error={errors.templateName?.message} {...form.register("templateName")} />
      <TextareaField id="template-description" label="Description" rows={4} maxLength={TEMPLATE_DESCRIPTION_MAX} error={errors.description?.message} {...form.register("description")} />
      <p className="text-xs text-slate-600">
        The template keeps every setting of this strategy except its campaign, name, schedule, budget delta, pixels, audiences, creatives and creative sets.
      </p>
      <div className="flex justify-end gap-2">
        <Button onClick={onDone} data-testid="save-template-cancel">
          Cancel
        </Button>
        <SubmitButton submitting={submitting} disabled={submitting} data-testid="save-template-save" />
      </div>
    </form>
  );
}

export function SaveTemplateDialog({ strategyId, strategyName, disabled }: { strategyId: number; strategyName: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)} data-testid="strategy-save-template">
        Save as strategy template
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Save as strategy template" dismissible="explicit" width="min(94vw, 560px)" testId="save-template-dialog">
        {open ? <SaveTemplateForm strategyId={strategyId} strategyName={strategyName} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
