// The demo's strategy template: one per listed strategy, saved
// from it the way 'Save as strategy template' saves one (the wizard's values
// that a template carries, lib/strategy-templates/settings.ts), so the
// templates list, its details page and the wizard's template picker have
// something to show on a fresh start.
import type { Tx } from "../db";
import { STRATEGY_RELATIONS, strategyFormValues, toStrategyDetails } from "../strategies/details";
import { goalOf, templateSettingsOf } from "../strategy-templates/settings";

export async function seedStrategyTemplates(
  tx: Tx,
  licenseeId: number,
  createdById: number,
  templates: readonly { strategyId: number; templateName: string; description: string }[],
): Promise<void> {
  for (const t of templates) {
    const row = await tx.strategy.findUniqueOrThrow({ where: { id: t.strategyId }, include: STRATEGY_RELATIONS });
    const settings = templateSettingsOf(strategyFormValues(toStrategyDetails(row)));
    await tx.strategyTemplate.create({
      data: { licenseeId, createdById, templateName: t.templateName, description: t.description, goal: goalOf(settings), settings: settings as object },
    });
  }
}
