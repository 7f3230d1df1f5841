// Report templates and their schedules (/report/schedule/list): one
// zod schema for the save dialog, the edit form, the server actions and the
// REST API. A template is a report definition (lib/reports/definition.ts,
// the same schema the builder and POST /api/v1/reports use) with a name and
// an optional schedule: daily, weekly or monthly at a local time, e-mailed to
// recipients as CSV or XLSX. Pure: safe in client components.
import { z } from "../validation/z";
import { ReportDefinitionSchema } from "../reports/definition";
import { EMAIL_RE } from "../validation/email";
import { nameMessages } from "../validation/name-messages";

export const TEMPLATE_NAME = { min: 1, max: 100 } as const;
export const TEMPLATE_DESCRIPTION_MAX = 500;
export const MAX_RECIPIENTS = 20;

/** The report pages a template can be saved from (their route under /report). */
export const REPORT_TYPES = ["advanced", "conversion", "video", "inventory", "lossbid"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  advanced: "Advanced",
  conversion: "Conversion",
  video: "Video Creatives",
  inventory: "Inventory",
  lossbid: "Loss Bids",
};

export const FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = { DAILY: "Daily", WEEKLY: "Weekly", MONTHLY: "Monthly" };
export const FILE_FORMATS = ["CSV", "XLSX"] as const;
export const WEEKDAY_LABELS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
/** Days 29-31 do not exist in every month: a monthly report runs on day 1-28. */
export const MAX_DAY_OF_MONTH = 28;

export const TEMPLATE_MESSAGES = {
  ...nameMessages(TEMPLATE_NAME),
  descriptionTooLong: `Description must be at most ${TEMPLATE_DESCRIPTION_MAX} characters`,
  reportTypeInvalid: "Choose the report the template is saved from",
  frequencyInvalid: "Choose daily, weekly or monthly",
  timeInvalid: "Enter a time as HH:mm (00:00 to 23:59)",
  dayOfWeekRequired: "Choose the day of the week",
  dayOfMonthRequired: `Choose a day of the month from 1 to ${MAX_DAY_OF_MONTH}`,
  recipientsRequired: "Add at least one recipient",
  recipientInvalid: "Please enter a valid email",
  tooManyRecipients: `At most ${MAX_RECIPIENTS} recipients`,
  fileFormatInvalid: "Choose CSV or XLSX",
  // Checked by the server against stored rows (./mutations.ts).
  staleVersion: "This report template was changed by someone else. Reload to see their changes.",
  notScheduled: "This template has no schedule.",
} as const;
const M = TEMPLATE_MESSAGES;

/**
 * Recipients as typed (comma, semicolon, space or newline separated) or as a
 * list of texts: trimmed, lower-cased, unique. Anything else is left for the
 * schema to refuse.
 */
export function splitRecipients(raw: unknown): unknown {
  const parts = typeof raw === "string" ? raw.split(/[\s,;]+/) : Array.isArray(raw) && raw.every((r) => typeof r === "string") ? (raw as string[]) : null;
  if (parts === null) return raw === undefined || raw === null ? [] : raw;
  return [...new Set(parts.map((p) => p.trim().toLowerCase()).filter(Boolean))];
}

export const ScheduleSchema = z
  .object({
    frequency: z.enum(FREQUENCIES, { error: M.frequencyInvalid }),
    timeOfDay: z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid),
    dayOfWeek: z.coerce.number().int().min(1).max(7).nullish(),
    dayOfMonth: z.coerce.number().int().min(1).max(MAX_DAY_OF_MONTH).nullish(),
    recipients: z.preprocess(splitRecipients, z.array(z.string({ error: M.recipientInvalid }), { error: M.recipientsRequired }).max(MAX_RECIPIENTS, M.tooManyRecipients)),
    fileFormat: z.enum(FILE_FORMATS, { error: M.fileFormatInvalid }).default("CSV"),
  })
  .superRefine((s, ctx) => {
    if (s.recipients.length === 0) ctx.addIssue({ code: "custom", path: ["recipients"], message: M.recipientsRequired });
    const bad = s.recipients.find((r) => !EMAIL_RE.test(r));
    if (bad) ctx.addIssue({ code: "custom", path: ["recipients"], message: `${M.recipientInvalid}: ${bad}` });
    if (s.frequency === "WEEKLY" && !s.dayOfWeek) ctx.addIssue({ code: "custom", path: ["dayOfWeek"], message: M.dayOfWeekRequired });
    if (s.frequency === "MONTHLY" && !s.dayOfMonth) ctx.addIssue({ code: "custom", path: ["dayOfMonth"], message: M.dayOfMonthRequired });
  })
  // Only the day field of the chosen frequency is kept.
  .transform((s) => ({
    ...s,
    dayOfWeek: s.frequency === "WEEKLY" ? (s.dayOfWeek ?? null) : null,
    dayOfMonth: s.frequency === "MONTHLY" ? (s.dayOfMonth ?? null) : null,
  }));
export type Schedule = z.output<typeof ScheduleSchema>;

const name = z
  .string({ error: M.nameRequired })
  .trim()
  .min(TEMPLATE_NAME.min, M.nameRequired)
  .max(TEMPLATE_NAME.max, M.nameTooLong);
const description = z
  .string()
  .trim()
  .max(TEMPLATE_DESCRIPTION_MAX, M.descriptionTooLong)
  .nullish()
  .transform((d) => (d ? d : null));

export const ReportTemplateSchema = z.object({
  name,
  description,
  reportType: z.enum(REPORT_TYPES, { error: M.reportTypeInvalid }),
  definition: ReportDefinitionSchema,
  /** null: saved without a schedule. */
  schedule: ScheduleSchema.nullish().transform((s) => s ?? null),
});
export type ReportTemplateInput = z.input<typeof ReportTemplateSchema>;
export type ReportTemplateValues = z.output<typeof ReportTemplateSchema>;

/** The edit form: name, description and schedule (the definition is changed by saving the report again). */
export const UpdateReportTemplateSchema = z.object({
  id: z.coerce.number().int().positive(),
  version: z.coerce.number().int().positive(),
  name,
  description,
  schedule: ScheduleSchema.nullish().transform((s) => s ?? null),
});

export const TemplateRefSchema = z.object({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().positive() });
export const PauseTemplateSchema = TemplateRefSchema.extend({ paused: z.boolean() });
