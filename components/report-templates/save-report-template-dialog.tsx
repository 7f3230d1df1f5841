"use client";
// 'Save as template' on a report page: the report as it stands (its
// definition, the one the page's URL holds) under a name, optionally with an
// e-mail schedule. Saved, it opens the template's details in Report
// Templates and Scheduling. Users who may not write see the button disabled;
// the server refuses them too.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { createReportTemplateAction } from "@/lib/report-templates/actions";
import type { ReportTemplateDetails } from "@/lib/report-templates/queries";
import type { RecipientRule } from "@/lib/report-templates/recipients";
import { ReportTemplateSchema, TEMPLATE_DESCRIPTION_MAX, TEMPLATE_NAME, type ReportTemplateInput, type ReportType } from "@/lib/report-templates/schema";
import type { ReportDefinitionInput } from "@/lib/reports/definition";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { FormError, InputField, TextareaField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { EMPTY_SCHEDULE, ScheduleFields, scheduleInput, type TemplateFormValues } from "./schedule-fields";

interface SaveProps {
  reportType: ReportType;
  definition: ReportDefinitionInput;
  /** The IANA name of the report's timezone: the schedule's time is local to it. */
  timezone: string;
  defaultName: string;
  /** Who may receive the licensee's reports, shown beside the recipients. */
  recipientRule: RecipientRule;
}

function SaveReportTemplateForm({ reportType, definition, timezone, defaultName, recipientRule, onDone }: SaveProps & { onDone(): void }) {
  const router = useRouter();
  const prepare = (values: TemplateFormValues) => ({ ...scheduleInput(values), reportType, definition });
  // Only writers open the dialog (the button is disabled for the others); it closes only by its own buttons, so the hook does not warn.
  const { form, formId, formError, onSubmit, submitting } = useEntityForm<TemplateFormValues, ReportTemplateDetails>({
    mode: "create",
    schema: ReportTemplateSchema,
    initial: { name: defaultName, description: "", scheduled: false, schedule: EMPTY_SCHEDULE },
    canWrite: true,
    warnUnsaved: false,
    prepare,
    // The resolver validated prepare(values): `values` is the schema's output.
    create: (values) => createReportTemplateAction(values as unknown as ReportTemplateInput),
    onSaved: (template) => {
      onDone();
      router.push(`/report/schedule/details/${template.id}`);
    },
  });
  const errors = form.formState.errors;
  return (
    <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Save report as template" className="space-y-4" data-testid="save-report-template-form">
      <FormError message={formError} testId="save-report-template-error" />
      <InputField id="report-template-name" label="Template Name" required maxLength={TEMPLATE_NAME.max} error={errors.name?.message} {...form.register("name")} />
      <TextareaField id="report-template-description" label="Description" rows={2} maxLength={TEMPLATE_DESCRIPTION_MAX} error={errors.description?.message} {...form.register("description")} />
      <ScheduleFields form={form} timezone={timezone} recipientRule={recipientRule} />
      <div className="flex justify-end gap-2">
        <Button onClick={onDone} data-testid="save-report-template-cancel">
          Cancel
        </Button>
        <SubmitButton submitting={submitting} disabled={submitting} data-testid="save-report-template-save" />
      </div>
    </form>
  );
}

export function SaveReportTemplateDialog({ disabled, ...props }: SaveProps & { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={disabled} title={disabled ? "Read-only users cannot save report templates" : undefined} onClick={() => setOpen(true)} data-testid="report-save-template">
        Save as template
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Save report as template" dismissible="explicit" width="min(94vw, 620px)" testId="save-report-template-dialog">
        {open ? <SaveReportTemplateForm {...props} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
