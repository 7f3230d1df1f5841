// Changes to strategy templates (business.md 2 'save-as-strategy-template
// dialog', shell.md 2.6): save one from a strategy, delete one, and count a
// use when a strategy is created from one. Pure server logic taking the
// action's scope (./actions.ts checks the role before reading the input): the
// server actions, the REST API and the tests share it. Saving and deleting
// are one transaction with their activity row.
import "server-only";
import type { ActionScope } from "../data/scope";
import { writeActivity } from "../audit/activity";
import { NotFoundError } from "../errors";
import type { TenantTx } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import { loadStrategyRow, strategyFormValues, toStrategyDetails, toStrategyId } from "../strategies/queries";
import { loadTemplate, toTemplateId, type TemplateDetails } from "./queries";
import { SaveTemplateInputSchema, TEMPLATE_MESSAGES } from "./schema";
import { goalOf, templateSettingsOf } from "./settings";

const templateEntry = (t: { id: number; templateName: string }) =>
  ({ entityType: "STRATEGY_TEMPLATE", entityId: t.id, entityName: t.templateName, entityAdvertiserId: null }) as const;

/** 'Save as strategy template': the strategy's wizard values without what belongs to its campaign (./settings.ts). */
export async function saveStrategyTemplate(scope: ActionScope, input: unknown): Promise<TemplateDetails> {
  const { ctx } = scope;
  const { strategyId, templateName, description } = SaveTemplateInputSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const strategy = toStrategyDetails(await loadStrategyRow(tx, toStrategyId(strategyId)));
    const settings = templateSettingsOf(strategyFormValues(strategy));
    const goal = goalOf(settings);
    const created = await tx.strategyTemplate.create({
      data: { templateName, description, goal, settings: settings as object, createdById: ctx.userId },
    });
    await writeActivity(tx, ctx, {
      action: "CREATE",
      ...templateEntry(created),
      message: `Strategy template created from strategy "${strategy.name}"`,
      before: null,
      after: { "Template Name": templateName, Description: description, Goal: goal, "Saved From Strategy": strategy.name },
    });
    return loadTemplate(tx, created.id);
  });
}

/**
 * Deletes a template (archived: it leaves every list, picker and read, and the
 * strategies made from it keep their values). `expectedVersion`, when given,
 * refuses a template changed since it was shown.
 */
export async function deleteStrategyTemplate(scope: ActionScope, id: number | string): Promise<{ id: number }> {
  const { ctx } = scope;
  const templateId = toTemplateId(id);
  return withAuditedChange(scope, async (tx) => {
    const before = await loadTemplate(tx, templateId);
    const { count } = await tx.strategyTemplate.updateMany({
      where: { id: templateId, isArchived: false },
      data: { isArchived: true, version: { increment: 1 } },
    });
    if (count !== 1) throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
    await writeActivity(tx, ctx, { action: "DELETE", ...templateEntry(before), before: { "Template Name": before.templateName }, after: null });
    return { id: templateId };
  });
}

/**
 * One more strategy made from the template: run by createStrategy in the
 * strategy's own transaction, so the count and the strategy commit together.
 * A deleted or another licensee's template is "not found" and nothing is saved.
 */
export async function countTemplateUse(tx: TenantTx, templateId: number): Promise<void> {
  const { count } = await tx.strategyTemplate.updateMany({
    where: { id: toTemplateId(templateId), isArchived: false },
    data: { totalUsage: { increment: 1 } },
  });
  if (count !== 1) throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
}
