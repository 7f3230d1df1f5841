// The permission registry's entries of strategy templates and the strategy
// clone (lib/strategy-templates/actions.ts) and their REST routes (the
// generic DELETE /api/v1/{resource}/{id}, which only templates offer, and
// POST /api/v1/strategies/{id}/clone), spread into PERMISSION_REGISTRY.
// The templates they name are found or made while the arguments are built,
// before the matrix takes its row counts; the fixture's strategy is only read
// (cloned, saved as a template), never changed.
import { db } from "@/lib/db";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";

/** A template of licensee A (`name`): used by the read and use entries, or deleted by the delete entry. */
async function templateOf(fx: MatrixFixture, name: string): Promise<number> {
  const found = await db.strategyTemplate.findFirst({ where: { licenseeId: fx.a.licenseeId, templateName: name, isArchived: false }, select: { id: true } });
  if (found) return found.id;
  const created = await db.strategyTemplate.create({
    data: { licenseeId: fx.a.licenseeId, templateName: name, goal: "CPM", settings: { type: "MULTI_DEVICE", pricingType: "CPM", pricingValue: "2.5" }, createdById: fx.a.users.RW.id },
  });
  return created.id;
}

/** Wizard values that pass the whole schema under the fixture's campaign (as the strategy entries' matrixStrategy). */
const wizardValues = (campaignId: number) => ({
  campaignId, type: "MULTI_DEVICE", startTime: Date.UTC(2030, 0, 1) / 1000, endTime: -1, pricingType: "CPM", pricingValue: "2.5", pacingTypeId: 6,
  campaignFcap: true, skadOptimised: false, creativeIds: [], creativeSetIds: [], pixelIds: [],
});

export const TEMPLATE_ENTRIES: Record<string, RegistryEntry> = {
  "lib/strategy-templates/actions.ts#saveStrategyTemplateAction": {
    access: "write",
    args: (fx) => [{ strategyId: fx.a.strategyId, templateName: "Matrix saved template", description: "From the matrix" }],
  },
  "lib/strategy-templates/actions.ts#deleteStrategyTemplateAction": {
    access: "write",
    args: async (fx) => [{ id: await templateOf(fx, "Matrix template to delete") }],
  },
  "lib/strategy-templates/actions.ts#listStrategyTemplatesAction": { access: "read", otherLicensee: "no-data", args: () => [] },
  "lib/strategy-templates/actions.ts#templateWizardValuesAction": {
    access: "read",
    args: async (fx) => [{ id: await templateOf(fx, "Matrix template"), campaignId: fx.a.campaignId }],
  },
  "lib/strategy-templates/actions.ts#createStrategyFromTemplateAction": {
    access: "write",
    args: async (fx) => [{ templateId: await templateOf(fx, "Matrix template"), ...wizardValues(fx.a.campaignId), name: "Matrix strategy from template" }],
  },
  "DELETE /api/v1/{resource}/{id}": {
    access: "write",
    request: async (fx) => {
      const id = String(await templateOf(fx, "Matrix template deleted by the API"));
      return { method: "DELETE", path: `/api/v1/strategy-templates/${id}`, params: { resource: "strategy-templates", id } };
    },
  },
  "POST /api/v1/strategies/{id}/clone": {
    access: "write",
    request: (fx) => ({
      method: "POST",
      path: `/api/v1/strategies/${fx.a.strategyId}/clone`,
      params: { id: String(fx.a.strategyId) },
      ...json({ name: "Matrix API clone", campaignId: fx.a.campaignId, copyCreatives: false, copyCreativeSets: false }),
    }),
  },
  "lib/strategy-templates/actions.ts#cloneStrategyAction": {
    access: "write",
    args: (fx) => [{ id: fx.a.strategyId, name: "Matrix clone", campaignId: fx.a.campaignId, copyCreatives: false, copyCreativeSets: false }],
  },
};
