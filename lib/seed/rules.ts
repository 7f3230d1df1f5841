// Demo optimization rules: two per licensee on running app strategies, run
// once at seed time ("now"), so the rule log, the activity panel and the
// inbox show what a run does, and the next run is a refresh period away.
import type { PrismaClient } from "../generated/prisma/client";
import { licenseeClient } from "../data/tenant";
import { runRule } from "../optimization/rule-run";
import type { SeededStrategy } from "./entities";

const RULES = [
  // Tuned to the demo delivery (lib/delivery/simulate.ts): the app strategies
  // pay per install (Adv Spend follows installs, about 2 per install) and about
  // one app in five converts at a fifth to a third of the usual rate. Those
  // apps reach the limits with far fewer installs than the rule expects and get
  // blocked; the others deliver more than expected.
  { spend: "40", imps: null, clicks: null, convs: 45, convType: "INSTALL", durationDays: 14, refreshRateDays: 1 },
  { spend: null, imps: 10_000, clicks: 100, convs: 12, convType: "INSTALL", durationDays: 7, refreshRateDays: 3 },
] as const;

export async function seedOptimizationRules(client: PrismaClient, strategies: readonly SeededStrategy[], now: Date): Promise<number> {
  const appStrategies = strategies.filter((s) => (s.channel === "ANDROID" || s.channel === "IOS") && s.stopAt === null).slice(0, RULES.length);
  let blocked = 0;
  for (const [i, strategy] of appStrategies.entries()) {
    const rule = await client.optimizationRule.create({
      data: { ...RULES[i], licenseeId: strategy.licenseeId, strategyId: strategy.id, state: "RUNNING", createdAt: now },
    });
    const outcome = await runRule(licenseeClient(client, strategy.licenseeId), rule.id, now);
    if (outcome.status === "COMPLETED") blocked += outcome.blocked;
  }
  return blocked;
}
