// The zod schemas of the strategy copies (business.md 2 'save-as-strategy-template
// dialog' and 'strategy clone dialog'), shared by the dialogs (useActionForm),
// the server actions and the REST API. Pure: safe in client components.
//
// The clone dialog's schema lives here with the template's because both are
// "a new record from a stored strategy"; the clone itself is
// lib/strategies/clone.ts, which runs the strategy schema on the result.
import { z } from "../validation/z";
import { IdSchema } from "../actions/fields";
import { fields } from "../strategies/fields";

export const TEMPLATE_MESSAGES = {
  nameRequired: "Template name is required",
  nameTooLong: "Template name must be at most 255 characters",
  descriptionTooLong: "Description must be at most 2000 characters",
  notFound: "No strategy template found.",
} as const;
const M = TEMPLATE_MESSAGES;

export const TEMPLATE_NAME_MAX = 255;
export const TEMPLATE_DESCRIPTION_MAX = 2000;

/** The dialog's fields: a name (required) and a description (optional). */
export const TemplateFieldsSchema = z.object({
  templateName: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(TEMPLATE_NAME_MAX, M.nameTooLong),
  description: z
    .string()
    .trim()
    .max(TEMPLATE_DESCRIPTION_MAX, M.descriptionTooLong)
    .nullish()
    .transform((d) => (d ? d : null)),
});

/** 'Save as strategy template': the strategy whose values it keeps, and the dialog's fields. */
export const SaveTemplateInputSchema = z.object({ strategyId: IdSchema }).extend(TemplateFieldsSchema.shape);
export type SaveTemplateInput = z.input<typeof SaveTemplateInputSchema>;

export const TemplateIdInputSchema = z.object({ id: IdSchema });

/** The clone dialog: a new name (the strategy name rules), the target campaign, what to copy. */
export const CloneFieldsSchema = z.object({
  name: fields.name,
  campaignId: IdSchema,
  copyCreatives: z.boolean().default(false),
  copyCreativeSets: z.boolean().default(false),
});
export type CloneFieldsInput = z.input<typeof CloneFieldsSchema>;
export const CloneStrategyInputSchema = z.object({ id: IdSchema }).extend(CloneFieldsSchema.shape);

/** The clone's default name (business.md 2 clone dialog). */
export const cloneNameOf = (name: string) => `${name} - Copy`;

/** The clone's body as documented: the clone dialog's fields. */
export const CloneBodySchema = CloneFieldsSchema.extend({
  campaignId: CloneFieldsSchema.shape.campaignId.meta({ description: "A campaign of the strategy's advertiser (its own or another)." }),
});
