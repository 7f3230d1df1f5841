// The delivery columns of the audience list (shell.md 3) over the user's date
// range. Delivery is kept per strategy, never per audience, so an audience's
// figures are read through what targets it:
// - impressions, clicks, CTR, attributed installs and conversions: the
//   delivery of the advertiser's strategies whose targeting lists the audience
//   as targeted (the audience-strategy mapping); a strategy targeting two
//   audiences counts in both rows;
// - non-attributed installs and conversions: what the audience's members did
//   in the range according to their stored events (installs: `install`;
//   conversions: any other event but page views, app opens and add-to-cart)
//   beyond what the strategies were credited with, never below 0;
// - per 1000 users: (attributed + non-attributed) / total users x 1000.
// Sorting by them happens in Node over the filtered audiences (the list
// engine's fallback): audiences are few per licensee.
import "server-only";
import type { SessionContext } from "../auth/context";
import { LICENSEE_PARAM, tenantDb } from "../data/tenant-db";
import { Prisma } from "../generated/prisma/client";
import type { MetricValues } from "../list/columns";
import { metricsByEntity, type DateRange } from "../metrics/query";
import { strategyTargetingSchema } from "../strategies/schema";
import { AUDIENCE_KINDS as STRATEGY_AUDIENCE_FIELDS } from "../strategies/options";
import { localMidnight } from "../user-settings/date-range";
import { timezoneIana } from "../user-settings/timezones";

export const AUDIENCE_METRIC_IDS = [
  "impressions",
  "clicks",
  "ctr",
  "attributedInstalls",
  "nonAttributedInstalls",
  "attributedConversions",
  "nonAttributedConversions",
  "installsPer1000User",
  "conversionsPer1000User",
] as const;

/** Member events that are no conversion: browsing and engagement. */
const NOT_CONVERSIONS = ["install", "page_view", "app_open", "add_to_cart", "pixel_fire"];

interface AudienceRow {
  id: number;
  advertiserId: number;
  source: string;
  totalUU: bigint;
}

/** Each audience's targeting strategies (targeted, not blocked), from the strategies' targeting of its advertiser. */
async function targetingStrategies(ctx: SessionContext, audiences: AudienceRow[]): Promise<Map<number, number[]>> {
  const advertiserIds = [...new Set(audiences.map((a) => a.advertiserId))];
  const strategies = await tenantDb(ctx).strategy.findMany({
    where: { advertiserId: { in: advertiserIds }, isArchived: false },
    select: { id: true, advertiserId: true, targeting: true },
  });
  const out = new Map<number, number[]>();
  for (const a of audiences) {
    const field = STRATEGY_AUDIENCE_FIELDS.find((k) => k.source === a.source)?.field;
    if (!field) continue;
    const ids = strategies.flatMap((s) => {
      if (s.advertiserId !== a.advertiserId || !s.targeting || typeof s.targeting !== "object") return [];
      const parsed = strategyTargetingSchema.shape[field].safeParse((s.targeting as Record<string, unknown>)[field]);
      return parsed.success && parsed.data?.targetedSegments.includes(a.id) ? [s.id] : [];
    });
    out.set(a.id, ids);
  }
  return out;
}

/** Members' install and conversion events in the range, per audience. */
async function memberEvents(ctx: SessionContext, ids: number[], range: DateRange): Promise<Map<number, { installs: number; conversions: number }>> {
  const iana = await timezoneIana(range.timezoneId);
  const from = localMidnight(range.from, iana);
  const to = localMidnight(range.to, iana, 1);
  const rows = await tenantDb(ctx).$queryRaw<Array<{ audienceId: number; installs: bigint; conversions: bigint }>>`
    SELECT m."audienceId", count(*) FILTER (WHERE e."event" = 'install') AS installs,
      count(*) FILTER (WHERE e."event" <> ALL (${NOT_CONVERSIONS}::text[])) AS conversions
    FROM "AudienceMember" m
    JOIN "Audience" a ON a.id = m."audienceId" AND a."licenseeId" = ${LICENSEE_PARAM}
    JOIN "UserEvent" e ON e."licenseeId" = ${LICENSEE_PARAM} AND e."advertiserId" = a."advertiserId" AND e."userKey" = m."userKey"
    WHERE m."audienceId" IN (${Prisma.join(ids)}) AND e."occurredAt" >= ${from} AND e."occurredAt" < ${to}
    GROUP BY 1`;
  return new Map(rows.map((r) => [Number(r.audienceId), { installs: Number(r.installs), conversions: Number(r.conversions) }]));
}

const per1000 = (n: number, users: number) => (users > 0 ? (n / users) * 1000 : null);

export async function audienceMetrics(ctx: SessionContext, q: { ids: number[]; metricIds: readonly string[]; range: DateRange }): Promise<Map<number, MetricValues>> {
  const out = new Map<number, MetricValues>();
  if (q.ids.length === 0) return out;
  const audiences = await tenantDb(ctx).audience.findMany({ where: { id: { in: q.ids } }, select: { id: true, advertiserId: true, source: true, totalUU: true } });
  const strategiesOf = await targetingStrategies(ctx, audiences);
  const strategyIds = [...new Set([...strategiesOf.values()].flat())];
  const [delivery, events] = await Promise.all([
    strategyIds.length ? metricsByEntity(ctx, { level: "strategy", ids: strategyIds, range: q.range, metricIds: ["impressions", "clicks", "installs", "conversions"] }) : new Map<number, MetricValues>(),
    memberEvents(ctx, q.ids, q.range),
  ]);
  for (const a of audiences) {
    const sum = (metric: string) => (strategiesOf.get(a.id) ?? []).reduce((total, s) => total + (delivery.get(s)?.[metric] ?? 0), 0);
    const [impressions, clicks, installs, conversions] = ["impressions", "clicks", "installs", "conversions"].map(sum);
    const own = events.get(a.id) ?? { installs: 0, conversions: 0 };
    const nonAttributedInstalls = Math.max(0, own.installs - installs);
    const nonAttributedConversions = Math.max(0, own.conversions - conversions);
    const users = Number(a.totalUU);
    const values: MetricValues = {
      impressions,
      clicks,
      ctr: impressions > 0 ? (clicks / impressions) * 100 : null,
      attributedInstalls: installs,
      nonAttributedInstalls,
      attributedConversions: conversions,
      nonAttributedConversions,
      installsPer1000User: per1000(installs + nonAttributedInstalls, users),
      conversionsPer1000User: per1000(conversions + nonAttributedConversions, users),
    };
    out.set(a.id, Object.fromEntries(q.metricIds.filter((m) => m in values).map((m) => [m, values[m]])));
  }
  return out;
}
