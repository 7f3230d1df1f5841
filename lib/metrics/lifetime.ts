// All the delivery of strategies so far (lifetime budgets, the optimize
// button's installs), from the running totals at UTC midnights (boundary
// hour 0, which the triggers always keep: migration
// 20261126130000_delivery_running): a strategy's latest row there holds
// every hour before the UTC midnight after its last delivered day, that is
// all its delivery. One index probe per strategy, however long its history.
// Free of server-only imports: the seed (plain Node) runs the notification sweep.
import { Prisma } from "../generated/prisma/client";

/**
 * Rows ("strategyId", "campaignId", ...columns) of each strategy of Strategy
 * `s` that `strategies` admits (a condition on s; through the tenant client
 * it must place the licensee), with its lifetime sums; 0 for a strategy
 * without delivery.
 */
export function lifetimeSql(columns: readonly string[], strategies: Prisma.Sql): Prisma.Sql {
  const values = Prisma.raw(columns.map((c) => `coalesce(r."${c}", 0) AS "${c}"`).join(", "));
  const picked = Prisma.raw(columns.map((c) => `t."${c}"`).join(", "));
  return Prisma.sql`(
    SELECT s.id AS "strategyId", s."campaignId", ${values}
    FROM "Strategy" s
    LEFT JOIN LATERAL (
      SELECT ${picked} FROM "DeliveryStrategyRunning" t
      WHERE t."boundaryHour" = 0 AND t."strategyId" = s.id
      ORDER BY t."upto" DESC LIMIT 1) r ON true
    WHERE ${strategies})`;
}
