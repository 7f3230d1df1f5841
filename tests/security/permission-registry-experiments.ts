// The permission registry's entries of A/B experiments (lib/experiments/actions.ts)
// and their status route (POST /api/v1/experiments/{id}/status), spread into
// PERMISSION_REGISTRY. The experiments and arm strategies they name are
// found or made under the fixture's campaign while the arguments are built,
// before the matrix takes its row counts: the fixture's strategy stays
// untouched (its update entry expects version 1).
import { db } from "@/lib/db";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";
import { campaignStrategyOf } from "./matrix-records";

const START = Date.UTC(2030, 1, 1) / 1000;

/** A strategy of the fixture's campaign, free to be an arm (found by name, else made). */
const armStrategy = (fx: MatrixFixture, name: string) => campaignStrategyOf(fx, name);

const form = (campaignId: number, arms: number[], name = "Matrix experiment") => ({
  campaignId, name, description: "", metric: "CTR", startTime: START, endTime: -1,
  arms: arms.map((strategyId) => ({ strategyId, trafficPercent: 100 / arms.length })),
});

/** A draft experiment of licensee A (`name`) with two arms of its own, and its current version. */
async function experimentOf(fx: MatrixFixture, name: string): Promise<{ id: number; version: number; arms: number[] }> {
  const arms = [await armStrategy(fx, `${name} control`), await armStrategy(fx, `${name} challenger`)];
  const found = await db.experiment.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true, version: true } });
  if (found) return { ...found, arms };
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: fx.a.campaignId } });
  const created = await db.experiment.create({
    data: {
      licenseeId: campaign.licenseeId, advertiserId: campaign.advertiserId, campaignId: campaign.id, name, startTime: new Date(START * 1000),
      arms: { create: arms.map((strategyId) => ({ strategyId, trafficPercent: 50 })) },
    },
  });
  await db.strategy.updateMany({ where: { id: { in: arms } }, data: { isAbTestStrategy: true } });
  return { id: created.id, version: created.version, arms };
}

export const EXPERIMENT_ENTRIES: Record<string, RegistryEntry> = {
  "lib/experiments/actions.ts#createExperimentAction": {
    access: "write",
    args: async (fx) => [form(fx.a.campaignId, [await armStrategy(fx, "Matrix new arm A"), await armStrategy(fx, "Matrix new arm B")])],
  },
  "lib/experiments/actions.ts#updateExperimentAction": {
    access: "write",
    args: async (fx) => {
      const e = await experimentOf(fx, "Matrix experiment to edit");
      return [{ id: e.id, version: e.version, ...form(fx.a.campaignId, e.arms, "Matrix experiment edited") }];
    },
  },
  "lib/experiments/actions.ts#setExperimentStatusAction": {
    access: "write",
    args: async (fx) => {
      const e = await experimentOf(fx, "Matrix experiment to start");
      return [{ id: e.id, version: e.version, status: "RUNNING" }];
    },
  },
  "lib/experiments/actions.ts#experimentStrategyOptionsAction": { access: "read", args: (fx) => [{ campaignId: fx.a.campaignId }] },
  "POST /api/v1/experiments/{id}/status": {
    access: "write",
    request: async (fx) => {
      const e = await experimentOf(fx, "Matrix experiment started by the API");
      return { method: "POST", path: `/api/v1/experiments/${e.id}/status`, params: { id: String(e.id) }, ...json({ status: "RUNNING", version: e.version }) };
    },
  },
};
