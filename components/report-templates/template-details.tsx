"use client";
// A report template's details (/report/schedule/details/{id}): what the
// report holds, the edit form of its name, description and schedule
// (version-checked: a conflict says so, keeps the typed values and offers the
// latest version; leaving with unsaved changes asks first), the buttons
// (./template-actions.tsx) and the run history. Read-only users see it all
// with every control disabled (shell.md 6: the scheduling item is read-only
// for them).
import { useRouter } from "next/navigation";
import { updateReportTemplateAction } from "@/lib/report-templates/actions";
import type { ReportTemplateDetails } from "@/lib/report-templates/queries";
import type { RecipientRule } from "@/lib/report-templates/recipients";
import { REPORT_TYPE_LABELS, UpdateReportTemplateSchema, TEMPLATE_DESCRIPTION_MAX, TEMPLATE_NAME } from "@/lib/report-templates/schema";
import { ConflictNotice } from "@/components/forms/conflict-notice";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { SubmitButton } from "@/components/ui/button";
import { FormError, InputField, TextareaField } from "@/components/ui/field";
import { EMPTY_SCHEDULE, ScheduleFields, scheduleInput, type TemplateFormValues } from "./schedule-fields";
import { TemplateActions } from "./template-actions";
import { RunHistory } from "./run-history";

function formValues(t: ReportTemplateDetails): TemplateFormValues {
  const s = t.schedule;
  return {
    name: t.name,
    description: t.description ?? "",
    scheduled: s !== null,
    schedule: s
      ? { frequency: s.frequency, timeOfDay: s.timeOfDay, dayOfWeek: String(s.dayOfWeek ?? 1), dayOfMonth: String(s.dayOfMonth ?? 1), recipients: s.recipients.join(", "), fileFormat: s.fileFormat }
      : EMPTY_SCHEDULE,
  };
}

function Summary({ template, timeZone }: { template: ReportTemplateDetails; timeZone: string }) {
  const d = template.definition;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }) : "-");
  const rows: Array<[string, string]> = [
    ["Report", REPORT_TYPE_LABELS[template.reportType]],
    ["Dimensions", d.dimensions.join(", ")],
    ["Metrics", d.metrics.join(", ")],
    ["Saved range", `${d.from} to ${d.to}`],
    ["Timezone", template.timezone ?? "UTC"],
    ["Next run", template.paused ? "Paused" : when(template.nextRunAt)],
    ["Created by", `${template.createdBy}, ${when(template.createdAt)}`],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="template-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="flex gap-2">
          <dt className="w-28 shrink-0 text-slate-500">{label}</dt>
          <dd className="text-slate-800" data-testid={`template-${label.toLowerCase().replace(/\s+/g, "-")}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface TemplateDetailsProps {
  template: ReportTemplateDetails;
  canWrite: boolean;
  timeZone: string;
  recipientRule: RecipientRule;
}

export function TemplateDetails({ template, canWrite, timeZone, recipientRule }: TemplateDetailsProps) {
  const router = useRouter();
  const prepare = (values: TemplateFormValues) => ({ ...scheduleInput(values), id: template.id, version: template.version });
  // The form stays on the details page after a save, reset to what was saved: later changes are unsaved again.
  const { form, formId, formError, onSubmit, submitting, conflict, reload } = useEntityForm<TemplateFormValues, ReportTemplateDetails>({
    mode: "edit",
    schema: UpdateReportTemplateSchema,
    initial: formValues(template),
    canWrite,
    staysAfterSave: true,
    prepare,
    // The resolver validated prepare(values): `values` is the schema's output.
    update: (values) => updateReportTemplateAction(values as unknown as Parameters<typeof updateReportTemplateAction>[0]),
    onSaved: (saved) => {
      form.reset(formValues(saved));
      router.refresh();
    },
  });
  const errors = form.formState.errors;
  return (
    <div className="space-y-5">
      <TemplateActions template={template} canWrite={canWrite} />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
        <Summary template={template} timeZone={timeZone} />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-800 uppercase">Template and schedule</h2>
        <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit report template" className="space-y-4" data-testid="template-form">
          <FormError message={formError} testId="template-form-error" />
          <ConflictNotice conflict={conflict} onReload={reload} testId="template" />
          <fieldset disabled={!canWrite} className="space-y-4">
            <InputField id="template-name" label="Template Name" required maxLength={TEMPLATE_NAME.max} error={errors.name?.message} {...form.register("name")} />
            <TextareaField id="template-description" label="Description" rows={2} maxLength={TEMPLATE_DESCRIPTION_MAX} error={errors.description?.message} {...form.register("description")} />
          </fieldset>
          <ScheduleFields form={form} timezone={template.timezone ?? "UTC"} recipientRule={recipientRule} disabled={!canWrite} />
          <div className="flex justify-end">
            <SubmitButton submitting={submitting} disabled={!canWrite || submitting} data-testid="template-save" />
          </div>
        </form>
      </section>
      <RunHistory runs={template.runs} timeZone={timeZone} />
    </div>
  );
}
