// The permission registry's entries of the optimization rules screen
// (lib/optimization/actions.ts and its REST routes), spread into
// PERMISSION_REGISTRY. The rules they change are found or made while the
// arguments are built, on a strategy of their own, so the fixture's strategy
// keeps its version; an app for the never-block and validation entries likewise.
import { db } from "@/lib/db";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";
import { campaignStrategyOf } from "./matrix-records";

const ruleStrategyOf = (fx: MatrixFixture) => campaignStrategyOf(fx, "Matrix optimization strategy");

/** An active rule of licensee A that is not running (a run or a delete by an earlier call leaves a new one to find). */
async function ruleOf(fx: MatrixFixture): Promise<{ id: number; version: number; strategyId: number }> {
  const strategyId = await ruleStrategyOf(fx);
  const found = await db.optimizationRule.findFirst({
    where: { strategyId, active: true, OR: [{ state: null }, { state: "STOPPED" }] },
    select: { id: true, version: true, strategyId: true },
  });
  return found ?? db.optimizationRule.create({
    data: { licenseeId: fx.a.licenseeId, strategyId, spend: "10", convs: 2, convType: "INSTALL", durationDays: 7 },
    select: { id: true, version: true, strategyId: true },
  });
}

async function appOf(): Promise<{ id: number; packageName: string }> {
  const packageName = "com.matrix.app";
  return db.inventoryApp.upsert({ where: { platform_packageName: { platform: "ANDROID", packageName } }, create: { name: "Matrix App", packageName, platform: "ANDROID" }, update: {}, select: { id: true, packageName: true } });
}

const RULE = { spend: "12.5", imps: "", clicks: "", convType: "INSTALL", convs: "2", durationDays: "7", refreshRateDays: "1" };

export const OPTIMIZATION_ENTRIES: Record<string, RegistryEntry> = {
  "lib/optimization/actions.ts#strategyRulesScreenAction": { access: "read", args: async (fx) => [{ strategyId: await ruleStrategyOf(fx) }] },
  "lib/optimization/actions.ts#createRuleAction": { access: "write", args: async (fx) => [{ strategyId: await ruleStrategyOf(fx), ...RULE }] },
  "lib/optimization/actions.ts#updateRuleAction": {
    access: "write",
    args: async (fx) => {
      const rule = await ruleOf(fx);
      return [{ ruleId: rule.id, version: rule.version, ...RULE, convs: "3" }];
    },
  },
  "lib/optimization/actions.ts#deleteRuleAction": { access: "write", args: async (fx) => [{ ruleId: (await ruleOf(fx)).id, unblockApps: true }] },
  "lib/optimization/actions.ts#runRuleAction": { access: "write", args: async (fx) => [{ ruleId: (await ruleOf(fx)).id }] },
  "lib/optimization/actions.ts#saveNeverBlockAppsAction": {
    access: "write",
    args: async (fx) => [{ strategyId: await ruleStrategyOf(fx), appIds: [(await appOf()).id] }],
  },
  "lib/optimization/actions.ts#validateAppsAction": {
    access: "read",
    otherLicensee: "no-data",
    args: async () => [{ sites: [(await appOf()).packageName, "not-an-app"] }],
  },
  "lib/optimization/actions.ts#searchAppsAction": { access: "read", args: async (fx) => [{ strategyId: await ruleStrategyOf(fx), text: "matrix" }] },

  "GET /api/v1/strategies/{id}/rules": {
    access: "read",
    request: async (fx) => {
      const id = String(await ruleStrategyOf(fx));
      return { method: "GET", path: `/api/v1/strategies/${id}/rules`, params: { id } };
    },
  },
  "POST /api/v1/strategies/{id}/rules": {
    access: "write",
    request: async (fx) => {
      const id = String(await ruleStrategyOf(fx));
      return { method: "POST", path: `/api/v1/strategies/${id}/rules`, params: { id }, ...json(RULE) };
    },
  },
  "GET /api/v1/strategies/{id}/rules/logs": {
    access: "read",
    request: async (fx) => {
      const id = String(await ruleStrategyOf(fx));
      return { method: "GET", path: `/api/v1/strategies/${id}/rules/logs`, params: { id } };
    },
  },
  "POST /api/v1/strategies/{id}/rules/{ruleId}": {
    access: "write",
    request: async (fx) => {
      const rule = await ruleOf(fx);
      const params = { id: String(rule.strategyId), ruleId: String(rule.id) };
      return { method: "POST", path: `/api/v1/strategies/${params.id}/rules/${params.ruleId}`, params, ...json({ ...RULE, version: rule.version, convs: 4 }) };
    },
  },
  "POST /api/v1/rules/{id}/run": {
    access: "write",
    request: async (fx) => {
      const id = String((await ruleOf(fx)).id);
      return { method: "POST", path: `/api/v1/rules/${id}/run`, params: { id } };
    },
  },
  "POST /api/v1/rules/{id}/deactivate": {
    access: "write",
    request: async (fx) => {
      const id = String((await ruleOf(fx)).id);
      return { method: "POST", path: `/api/v1/rules/${id}/deactivate`, params: { id }, ...json({ unblockApps: false }) };
    },
  },
  "GET /api/v1/strategies/{id}/never-block-apps": {
    access: "read",
    request: async (fx) => {
      const id = String(await ruleStrategyOf(fx));
      return { method: "GET", path: `/api/v1/strategies/${id}/never-block-apps`, params: { id } };
    },
  },
  "POST /api/v1/strategies/{id}/never-block-apps": {
    access: "write",
    request: async (fx) => {
      const id = String(await ruleStrategyOf(fx));
      return { method: "POST", path: `/api/v1/strategies/${id}/never-block-apps`, params: { id }, ...json({ appIds: [(await appOf()).id] }) };
    },
  },
  "GET /api/v1/strategies/{id}/apps": {
    access: "read",
    request: async (fx) => {
      const id = String(await ruleStrategyOf(fx));
      return { method: "GET", path: `/api/v1/strategies/${id}/apps?search=matrix`, params: { id } };
    },
  },
  "POST /api/v1/apps/validate": {
    access: "read",
    otherLicensee: "no-data",
    request: async () => ({ method: "POST", path: "/api/v1/apps/validate", ...json({ sites: [(await appOf()).packageName] }) }),
  },
};
