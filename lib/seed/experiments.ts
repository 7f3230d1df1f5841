// The demo's A/B experiment: UrbanCart's website sales campaign
// tests two of its strategies against each other on CTR, running for the
// last 30 days with a 50/50 split, so the experiments list and details have
// something to show on a fresh start. Its strategies are A/B test strategies
// (isAbTestStrategy), out of the ordinary strategy lists, as the experiment
// screens make them. Deterministic: named strategies, days from `today`.
import type { Tx } from "../db";

export const DEMO_EXPERIMENT = {
  name: "Cart abandoners vs mobile deals",
  campaign: "UrbanCart - Website Sales",
  control: "Web - Cart abandoners",
  challenger: "Mobile web - Deals",
} as const;

export async function seedExperiments(tx: Tx, licenseeId: number, today: Date): Promise<void> {
  const campaign = await tx.campaign.findFirst({ where: { licenseeId, name: DEMO_EXPERIMENT.campaign }, select: { id: true, advertiserId: true } });
  if (!campaign) return;
  const strategies = await tx.strategy.findMany({
    where: { licenseeId, campaignId: campaign.id, name: { in: [DEMO_EXPERIMENT.control, DEMO_EXPERIMENT.challenger] } },
    select: { id: true, name: true },
  });
  const control = strategies.find((s) => s.name === DEMO_EXPERIMENT.control);
  const challenger = strategies.find((s) => s.name === DEMO_EXPERIMENT.challenger);
  if (!control || !challenger) return;
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 30));
  await tx.experiment.create({
    data: {
      licenseeId,
      advertiserId: campaign.advertiserId,
      campaignId: campaign.id,
      name: DEMO_EXPERIMENT.name,
      description: "Which audience clicks more on the same banners.",
      metric: "CTR",
      status: "RUNNING",
      startTime: start,
      createdAt: start,
      arms: { create: [{ strategyId: control.id, trafficPercent: 50 }, { strategyId: challenger.id, trafficPercent: 50 }] },
    },
  });
  await tx.strategy.updateMany({ where: { id: { in: [control.id, challenger.id] } }, data: { isAbTestStrategy: true } });
}
