"use client";
// The schedule part of the save dialog and the template's edit form: "Send
// this report by e-mail" on or off, then frequency, weekday or day of month,
// local time, recipients and file format. The fields live under `schedule.`
// in the form (the schema's path), so the server's messages land beside them.
// Beside the recipients, who may receive the licensee's reports: its users and
// the domains its operators allow (the server checks it on save and at send time).
import type { FieldErrors, UseFormReturn } from "react-hook-form";
import { CheckboxField, InputField, SelectField, TextareaField } from "@/components/ui/field";
import { recipientRuleText, type RecipientRule } from "@/lib/report-templates/recipients";
import { FILE_FORMATS, FREQUENCIES, FREQUENCY_LABELS, MAX_DAY_OF_MONTH, WEEKDAY_LABELS } from "@/lib/report-templates/schema";

export interface ScheduleFormValues {
  frequency: string;
  timeOfDay: string;
  dayOfWeek: string;
  dayOfMonth: string;
  recipients: string;
  fileFormat: string;
}

export interface TemplateFormValues {
  name: string;
  description: string;
  scheduled: boolean;
  schedule: ScheduleFormValues;
}

export const EMPTY_SCHEDULE: ScheduleFormValues = { frequency: "DAILY", timeOfDay: "09:00", dayOfWeek: "1", dayOfMonth: "1", recipients: "", fileFormat: "CSV" };

/** The form's values as the schema reads them: no schedule unless it is switched on. */
export function scheduleInput(values: TemplateFormValues) {
  return {
    name: values.name,
    description: values.description,
    schedule: values.scheduled ? { ...values.schedule, dayOfWeek: values.schedule.dayOfWeek || null, dayOfMonth: values.schedule.dayOfMonth || null } : null,
  };
}

interface ScheduleFieldsProps {
  form: UseFormReturn<TemplateFormValues>;
  timezone: string;
  recipientRule: RecipientRule;
  disabled?: boolean;
}

export function ScheduleFields({ form, timezone, recipientRule, disabled = false }: ScheduleFieldsProps) {
  const scheduled = form.watch("scheduled");
  const frequency = form.watch("schedule.frequency");
  const errors = (form.formState.errors.schedule ?? {}) as FieldErrors<ScheduleFormValues>;
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <CheckboxField id="template-scheduled" label="Send this report by e-mail on a schedule" {...form.register("scheduled")} />
      {scheduled ? (
        <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2" data-testid="template-schedule-fields">
          <SelectField id="template-frequency" label="Frequency" required error={errors.frequency?.message} {...form.register("schedule.frequency")}>
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </SelectField>
          {frequency === "WEEKLY" ? (
            <SelectField id="template-day-of-week" label="Day of the week" required error={errors.dayOfWeek?.message} {...form.register("schedule.dayOfWeek")}>
              {WEEKDAY_LABELS.map((day, i) => (
                <option key={day} value={String(i + 1)}>
                  {day}
                </option>
              ))}
            </SelectField>
          ) : null}
          {frequency === "MONTHLY" ? (
            <SelectField id="template-day-of-month" label="Day of the month" required error={errors.dayOfMonth?.message} {...form.register("schedule.dayOfMonth")}>
              {Array.from({ length: MAX_DAY_OF_MONTH }, (_, i) => (
                <option key={i} value={String(i + 1)}>
                  {i + 1}
                </option>
              ))}
            </SelectField>
          ) : null}
          <InputField id="template-time" label={`Time (${timezone})`} type="time" required error={errors.timeOfDay?.message} {...form.register("schedule.timeOfDay")} />
          <SelectField id="template-format" label="File format" required error={errors.fileFormat?.message} {...form.register("schedule.fileFormat")}>
            {FILE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </SelectField>
          <TextareaField
            id="template-recipients"
            className="sm:col-span-2"
            label="Recipients"
            required
            rows={2}
            hint="E-mail addresses, separated by commas or new lines."
            error={errors.recipients?.message}
            {...form.register("schedule.recipients")}
          />
          <p className="-mt-2 text-xs text-slate-600 sm:col-span-2" data-testid="template-recipient-rule">
            {recipientRuleText(recipientRule)}
          </p>
          <p className="text-xs text-slate-600 sm:col-span-2">Each e-mail reports as many days as this report shows, up to the day before it is sent.</p>
        </div>
      ) : null}
    </fieldset>
  );
}
