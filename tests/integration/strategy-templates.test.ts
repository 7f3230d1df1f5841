// Strategy templates (business.md 2 'save-as-strategy-template dialog', 7
// templates list; shell.md 3 columns): saving one from a strategy keeps its
// wizard values without what belongs to its campaign, the list pages, sorts,
// searches and cuts descriptions, creating a strategy from a template counts
// its use in the same transaction, and read-only, demo and other licensees
// change nothing.
import { db } from "@/lib/db";
import { executeAction } from "@/lib/actions/define-action";
import { toActionError } from "@/lib/actions/server-result";
import { scopeOf } from "@/lib/data/scope";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { loadListView } from "@/lib/entities/lists";
import { createStrategy } from "@/lib/strategies/mutations";
import { getTemplateOrThrow, listTemplatesForPicker } from "@/lib/strategy-templates/queries";
import { deleteStrategyTemplateAction, saveStrategyTemplateAction } from "@/lib/strategy-templates/actions";
import { countTemplateUse, deleteStrategyTemplate, saveStrategyTemplate } from "@/lib/strategy-templates/mutations";
import { templateFormValues } from "@/lib/strategy-templates/settings";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { memberOf } from "../helpers/calls";
import { strategyInput, strategyWorld, type World } from "./strategy-world";

useTestDatabase();

async function savedTemplate(w: World, name = "EU prospecting", description: string | null = "Mobile apps in the EU") {
  const strategy = await createStrategy(w, strategyInput(w));
  const template = await saveStrategyTemplate(w, { strategyId: strategy.id, templateName: name, description });
  return { strategy, template };
}

describe("save as strategy template", () => {
  test("keeps the strategy's wizard values without campaign, name, schedule or the advertiser's ids; goal is the pricing type; audited", async () => {
    const w = await strategyWorld();
    const { strategy, template } = await savedTemplate(w);
    expect(template).toMatchObject({ templateName: "EU prospecting", description: "Mobile apps in the EU", goal: "CPM", totalUsage: 0, savedFrom: w.licensee.name });
    expect(template.settings).toMatchObject({
      type: "MULTI_DEVICE",
      pricingValue: "4.2",
      dailyAdvSpendBudget: "1234.56",
      targetAndroidCategories: ["Games"],
      targetGeographies: { country: { targetList: ["DE", "FR"] } },
      consentType: 1,
    });
    for (const key of ["campaignId", "name", "startTime", "endTime", "pixelIds", "creativeIds", "creativeSetIds", "targetAppSegments"]) {
      expect(template.settings).not.toHaveProperty(key);
    }
    const log = await db.activityLog.findFirstOrThrow({ where: { entityType: "STRATEGY_TEMPLATE" }, include: { fields: true } });
    expect(log).toMatchObject({ action: "CREATE", entityId: template.id, entityName: "EU prospecting" });
    expect(log.fields.map((x) => [x.fieldName, x.newValue])).toContainEqual(["Saved From Strategy", strategy.name]);
  });

  test("a name is required; nothing is written", async () => {
    const w = await strategyWorld();
    const strategy = await createStrategy(w, strategyInput(w));
    const error = await saveStrategyTemplate(w, { strategyId: strategy.id, templateName: "  ", description: "" }).catch((e: unknown) => e);
    expect(toActionError(error).fieldErrors).toEqual({ templateName: "Template name is required" });
    expect(await db.strategyTemplate.count()).toBe(0);
  });

  test("read-only and demo users are refused; another licensee's strategy is not found", async () => {
    const w = await strategyWorld();
    const strategy = await createStrategy(w, strategyInput(w));
    for (const role of ["RO", "DEMO"] as const) {
      await expect(executeAction(saveStrategyTemplateAction.definition, await memberOf(w.licensee.id, role), { strategyId: strategy.id, templateName: "x" })).rejects.toBeInstanceOf(ForbiddenError);
    }
    const other = await f.makeTenant();
    await expect(saveStrategyTemplate(scopeOf(other.ctx), { strategyId: strategy.id, templateName: "x" })).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.strategyTemplate.count()).toBe(0);
  });
});

describe("use a template", () => {
  test("its values pre-fill a new strategy that saves under the chosen campaign, and totalUsage counts up with it", async () => {
    const w = await strategyWorld();
    const { template } = await savedTemplate(w);
    const values = { ...templateFormValues(template.settings, w.campaign.id), name: "From template", startTime: -1, endTime: -1 };
    const created = await createStrategy(w, values, { templateId: template.id });
    expect(created).toMatchObject({ campaignId: w.campaign.id, name: "From template", pricingValue: "4.2", dailyAdvSpendBudget: "1234.56", pixelIds: [], creativeIds: [] });
    expect((await getTemplateOrThrow(w.ctx, template.id)).totalUsage).toBe(1);
  });

  test("a strategy that fails to save does not count, and a count that fails saves no strategy (one transaction)", async () => {
    const w = await strategyWorld();
    const { template } = await savedTemplate(w);
    const before = await db.strategy.count();
    const invalid = { ...templateFormValues(template.settings, w.campaign.id), name: "" };
    await expect(createStrategy(w, invalid, { templateId: template.id })).rejects.toBeTruthy();
    expect((await getTemplateOrThrow(w.ctx, template.id)).totalUsage).toBe(0);

    await deleteStrategyTemplate(w, template.id);
    const valid = { ...templateFormValues(template.settings, w.campaign.id), name: "Late", startTime: -1, endTime: -1 };
    await expect(createStrategy(w, valid, { templateId: template.id })).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.strategy.count()).toBe(before);
  });

  test("another licensee's template is not found, counted by no one", async () => {
    const w = await strategyWorld();
    const { template } = await savedTemplate(w);
    const other = await f.makeTenant();
    await expect(getTemplateOrThrow(other.ctx, template.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteStrategyTemplate(scopeOf(other.ctx), template.id)).rejects.toBeInstanceOf(NotFoundError);
    const { tenantDb } = await import("@/lib/data/tenant-db");
    await expect(countTemplateUse(tenantDb(other.ctx), template.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.strategyTemplate.findUniqueOrThrow({ where: { id: template.id } })).toMatchObject({ totalUsage: 0, isArchived: false });
  });
});

describe("list, picker and delete", () => {
  test("the list shows shell.md 3's columns, the description cut at 100 characters, sorted and searched on the server", async () => {
    const w = await strategyWorld();
    const long = "x".repeat(120);
    await savedTemplate(w, "Alpha", long);
    await savedTemplate(w, "Beta", null);
    const view = await loadListView(w.ctx, "strategy_template", { sort: "templateName-" });
    expect(view.columns.map((c) => c.header)).toEqual(["Template Name", "Description", "Goal", "Total Usage", "Created By", "Creation Time", "Saved From"]);
    expect(view.rows.map((r) => r.cells.templateName)).toEqual(["Beta", "Alpha"]);
    const alpha = view.rows[1];
    expect(alpha.cells.description).toBe(`${"x".repeat(100)}…`);
    expect(alpha.data).toMatchObject({ description: long });
    expect(alpha.cells).toMatchObject({ goal: "CPM", totalUsage: "0", savedFrom: w.licensee.name });
    expect(alpha.href).toBe(`/strategy/templates-details/${alpha.id}`);

    const searched = await loadListView(w.ctx, "strategy_template", { q: "alp" });
    expect(searched.rows.map((r) => r.cells.templateName)).toEqual(["Alpha"]);
    const none = await loadListView(w.ctx, "strategy_template", { q: "nothing" });
    expect(none).toMatchObject({ total: 0, emptyText: "No strategy template found." });
  });

  test("delete (audited) removes it from the list and the picker; read-only and demo users cannot delete", async () => {
    const w = await strategyWorld();
    const { template } = await savedTemplate(w);
    for (const role of ["RO", "DEMO"] as const) {
      await expect(executeAction(deleteStrategyTemplateAction.definition, await memberOf(w.licensee.id, role), { id: template.id })).rejects.toBeInstanceOf(ForbiddenError);
    }
    expect((await listTemplatesForPicker(w.ctx)).map((t) => t.id)).toEqual([template.id]);
    await deleteStrategyTemplate(w, template.id);
    expect(await listTemplatesForPicker(w.ctx)).toEqual([]);
    expect((await loadListView(w.ctx, "strategy_template", {})).total).toBe(0);
    await expect(getTemplateOrThrow(w.ctx, template.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.activityLog.count({ where: { entityType: "STRATEGY_TEMPLATE", action: "DELETE", entityId: template.id } })).toBe(1);
  });
});
