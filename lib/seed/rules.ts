// Demo optimization rules: two per licensee on running app strategies, run
// once at seed time ("now"), so the rule log, the activity panel and the
// inbox show what a run does, and the next run is a refresh period away.
import type { PrismaClient } from "../generated/prisma/client";
import { licenseeClient } from "../data/tenant";
import { runRule } from "../optimization/rule-run";
import type { SeededStrategy } from "./entities";

const RULES = [
  // Tuned to the demo delivery (about one install per 6 of spend): a few apps
  // convert clearly worse than the rest and get blocked.
  { spend: "300", imps: null, clicks: null, convs: 45, convType: "INSTALL", durationDays: 14, refreshRateDays: 1 },
  { spend: null, imps: 20_000, clicks: 200, convs: 30, convType: "INSTALL", durationDays: 7, refreshRateDays: 3 },
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
