// Each arm's delivery over the user's date range (the strategy rollups of
// lib/metrics/query.ts, as the strategy lists and details read them) and the
// two-proportion z-test of every challenger against the control (the first
// arm) on the experiment's conversion rate (./significance.ts).
import "server-only";
import type { SessionContext } from "../auth/context";
import { tenantDb } from "../data/tenant-db";
import { metricsByEntity, type DateRange, type MetricValues } from "../metrics/query";
import { allowedMetricIds } from "../metrics/catalogue";
import type { ExperimentDetails } from "./queries";
import { EXPERIMENT_METRICS } from "./rules";
import { twoProportionZTest, type ZTestResult } from "./significance";

/** The metrics shown per arm, side by side. */
export const ARM_METRICS = ["impressions", "clicks", "ctr", "installs", "conversions", "cvr", "cost", "ecpc"] as const;

export interface ArmMetrics {
  strategyId: number;
  name: string;
  active: boolean;
  trafficPercent: number;
  /** Only the metrics the user's role may see. */
  values: MetricValues;
  /** The compared rate's counts and rate (null: no trials yet). */
  successes: number;
  trials: number;
  rate: number | null;
  /** Against the control; null for the control itself, or when the test cannot be computed yet. */
  test: ZTestResult | null;
}

export interface ExperimentMetrics {
  metricIds: string[];
  arms: ArmMetrics[];
}

const count = (v: number | null | undefined) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export async function experimentArmMetrics(ctx: SessionContext, experiment: ExperimentDetails, range: DateRange): Promise<ExperimentMetrics> {
  const ids = experiment.arms.map((a) => a.strategyId);
  const { successes, trials } = EXPERIMENT_METRICS[experiment.metric];
  const [values, strategies] = await Promise.all([
    // The compared rate's counts come with the shown metrics (a role that may not see them gets no test).
    metricsByEntity(ctx, { level: "strategy", ids, range, metricIds: [...new Set([...ARM_METRICS, successes, trials])] }),
    tenantDb(ctx).strategy.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, active: true } }),
  ]);
  const metricIds = allowedMetricIds(ctx.role, ARM_METRICS);
  const byId = new Map(strategies.map((s) => [s.id, s]));
  const counts = experiment.arms.map((a) => {
    const v = values.get(a.strategyId) ?? {};
    return { successes: count(v[successes]), trials: count(v[trials]) };
  });
  const arms = experiment.arms.map((arm, i): ArmMetrics => {
    const v = values.get(arm.strategyId) ?? {};
    const { successes: s, trials: t } = counts[i];
    return {
      strategyId: arm.strategyId,
      name: byId.get(arm.strategyId)?.name ?? `Strategy ${arm.strategyId}`,
      active: byId.get(arm.strategyId)?.active ?? false,
      trafficPercent: arm.trafficPercent,
      values: Object.fromEntries(metricIds.map((id) => [id, v[id] ?? null])),
      successes: s,
      trials: t,
      rate: t > 0 ? s / t : null,
      test: i === 0 ? null : twoProportionZTest(counts[0], counts[i]),
    };
  });
  return { metricIds, arms };
}
