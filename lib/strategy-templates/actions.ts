"use server";
// Server actions of strategy templates and the strategy clone, built with
// defineAction (session, role, ids, transaction, revalidation, result shape).
// The logic is in ./mutations.ts, ./queries.ts and lib/strategies/clone.ts,
// shared with the REST API and tested without Next.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, NoInputSchema } from "../actions/fields";
import { strategySchema } from "../strategies/form";
import { createStrategy } from "../strategies/mutations";
import { cloneStrategy } from "../strategies/clone";
import { getTemplateOrThrow, listTemplatesForPicker, type TemplatePickerItem } from "./queries";
import { deleteStrategyTemplate, saveStrategyTemplate } from "./mutations";
import { CloneStrategyInputSchema, SaveTemplateInputSchema, TemplateIdInputSchema } from "./schema";
import { templateFormValues } from "./settings";

// The templates list, its details, the menus' recent templates; strategies show in their lists and menus.
const TEMPLATE_PAGES = [{ path: "/strategy", type: "layout" }] as const;
const STRATEGY_PAGES = [{ path: "/strategy", type: "layout" }, { path: "/campaign", type: "layout" }] as const;

export const saveStrategyTemplateAction = defineAction({
  name: "strategyTemplate.save",
  access: "write",
  idempotent: true,
  input: SaveTemplateInputSchema,
  revalidate: [...TEMPLATE_PAGES],
  run: ({ ctx, db, input }) => saveStrategyTemplate({ ctx, db }, input),
});

export const deleteStrategyTemplateAction = defineAction({
  name: "strategyTemplate.delete",
  access: "write",
  input: TemplateIdInputSchema,
  revalidate: [...TEMPLATE_PAGES],
  run: ({ ctx, db, input }) => deleteStrategyTemplate({ ctx, db }, input.id),
});

/** The wizard's template picker ('Select Strategy Templates'): every template; the picker filters by goal. */
export const listStrategyTemplatesAction = defineAction({
  name: "strategyTemplate.pickerList",
  access: "read",
  input: NoInputSchema,
  run: ({ ctx }): Promise<TemplatePickerItem[]> => listTemplatesForPicker(ctx),
});

/** A chosen template as the wizard's values (under the campaign chosen so far). */
export const templateWizardValuesAction = defineAction({
  name: "strategyTemplate.wizardValues",
  access: "read",
  input: z.object({ id: IdSchema, campaignId: IdSchema.nullish() }),
  run: async ({ ctx, input }) => {
    const template = await getTemplateOrThrow(ctx, input.id);
    return { template: { id: template.id, templateName: template.templateName }, values: templateFormValues(template.settings, input.campaignId ?? null) };
  },
});

// As the wizard's create action (lib/strategies/actions.ts): the whole schema without its storage step.
const strategyForm = strategySchema({ mode: "edit", now: new Date() }).in;

/** The wizard's save of a strategy made from a template: created, and the template's use counted, in one transaction. */
export const createStrategyFromTemplateAction = defineAction({
  name: "strategyTemplate.createStrategy",
  access: "write",
  idempotent: true,
  input: z.intersection(z.object({ templateId: IdSchema }), strategyForm),
  revalidate: [...STRATEGY_PAGES],
  run: ({ ctx, db, input: { templateId, ...values } }) => createStrategy({ ctx, db }, values, { templateId }),
});

/** The clone dialog (business.md 2): the clone's details page opens with the answer. */
export const cloneStrategyAction = defineAction({
  name: "strategy.clone",
  access: "write",
  idempotent: true,
  input: CloneStrategyInputSchema,
  revalidate: [...STRATEGY_PAGES],
  run: ({ ctx, db, input: { id, ...fields } }) => cloneStrategy({ ctx, db }, id, fields),
});
