// What the conversion estimator reads (./estimate.ts says how it estimates):
// the audiences' unexpired members, day by day over the window, and the
// advertiser's delivery of the last 30 days. Everything through the
// licensee's tenant client: another licensee's advertiser or audience is
// "not found" (404); an audience of another advertiser is a field error.
import "server-only";
import { Prisma } from "../../generated/prisma/client";
import { LICENSEE_PARAM, type TenantTx } from "../../data/tenant";
import { NotFoundError } from "../../errors";
import { orNotFound } from "../../data/gate";
import { validationError } from "../../validation/errors";
import { addDays, startOfUtcDay } from "../../random";
import { scopeSource } from "../../metrics/scope";
import { estimate, type DeliveryBasis, type Estimate } from "./estimate";
import { ESTIMATOR_MESSAGES as M, ESTIMATOR_WINDOW_DAYS, type EstimateInput, type EstimatorGoal } from "./schema";

type Db = Pick<TenantTx, "advertiser" | "audience" | "$queryRaw">;

const GOAL_COLUMN: Record<EstimatorGoal, "installUniqUsers" | "conversionUniqUsers" | "clickUniqUsers"> = {
  INSTALL: "installUniqUsers",
  CONVERSION: "conversionUniqUsers",
  CLICK: "clickUniqUsers",
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The advertiser's delivery of the ESTIMATOR_WINDOW_DAYS full UTC days before today: its scope rollup's day rows, one per day. */
async function deliveryBasis(db: Db, advertiserId: number, goal: EstimatorGoal, today: Date): Promise<DeliveryBasis> {
  const from = addDays(today, -ESTIMATOR_WINDOW_DAYS);
  const column = GOAL_COLUMN[goal];
  const source = scopeSource({ level: "advertiser", id: advertiserId, grain: 24, start: Prisma.sql`${from}::timestamptz`, end: Prisma.sql`${today}::timestamptz` }, ["impressionUniqUsers", column]);
  const [sum] = await db.$queryRaw<Array<{ reached: string | null; goal: string | null }>>`
    SELECT sum("impressionUniqUsers")::text AS "reached", sum(${Prisma.raw(`"${column}"`)})::text AS "goal" FROM ${source} AS d`;
  return { reachedUsers: Number(sum?.reached ?? 0), goalUsers: Number(sum?.goal ?? 0), from: isoDay(from), to: isoDay(addDays(today, -1)) };
}

/**
 * Users per day of the window: of each target audience (audienceId) and of
 * their union (audienceId null), blocked audiences' members left out. A
 * member counts on day d while its membership runs past the day's start
 * (day 0: past now).
 */
async function reachByDay(db: Db, targetIds: number[], blockedIds: number[], now: Date, today: Date) {
  const members = (ids: number[]) => Prisma.sql`
    SELECT m."audienceId", m."userKey", m."expiresAt" FROM "AudienceMember" m
    JOIN "Audience" a ON a."id" = m."audienceId" AND a."licenseeId" = ${LICENSEE_PARAM}
    WHERE m."audienceId" = ANY(${ids}::int[]) AND m."expiresAt" > ${now}`;
  const rows = await db.$queryRaw<Array<{ audienceId: number | null; d: number; users: number }>>`
    WITH blocked AS (${members(blockedIds)}),
    targeted AS (SELECT t.* FROM (${members(targetIds)}) t WHERE t."userKey" NOT IN (SELECT "userKey" FROM blocked)),
    days AS (SELECT g.d, GREATEST(${now}::timestamptz, ${today}::timestamptz + make_interval(days => g.d)) AS "at" FROM generate_series(0, ${ESTIMATOR_WINDOW_DAYS - 1}) g(d))
    SELECT t."audienceId", days.d::int AS d, count(*)::int AS users
    FROM targeted t JOIN days ON t."expiresAt" > days."at"
    GROUP BY t."audienceId", days.d
    UNION ALL
    SELECT NULL, days.d::int, count(*)::int
    FROM (SELECT "userKey", max("expiresAt") AS "expiresAt" FROM targeted GROUP BY "userKey") u JOIN days ON u."expiresAt" > days."at"
    GROUP BY days.d`;
  const series = new Map<number | null, number[]>();
  for (const r of rows) {
    const key = r.audienceId === null ? null : Number(r.audienceId);
    const s = series.get(key) ?? series.set(key, Array<number>(ESTIMATOR_WINDOW_DAYS).fill(0)).get(key)!;
    s[Number(r.d)] = Number(r.users);
  }
  const empty = () => Array<number>(ESTIMATOR_WINDOW_DAYS).fill(0);
  return { union: series.get(null) ?? empty(), of: (id: number) => series.get(id) ?? empty() };
}

export async function estimateConversions(db: Db, input: EstimateInput, now: Date = new Date()): Promise<Estimate> {
  orNotFound(await db.advertiser.findUnique({ where: { id: input.advertiserId }, select: { id: true } }), "Advertiser");
  const wanted = [...input.targetIds, ...input.blockedIds];
  const audiences = await db.audience.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true, advertiserId: true } });
  if (audiences.length !== wanted.length) throw new NotFoundError("Audience");
  const byId = new Map(audiences.map((a) => [a.id, a]));
  for (const [field, list] of [["targetIds", input.targetIds], ["blockedIds", input.blockedIds]] as const) {
    if (list.some((id) => byId.get(id)!.advertiserId !== input.advertiserId)) throw validationError([field], M.otherAdvertiser);
  }
  const today = startOfUtcDay(now);
  const [reach, basis] = await Promise.all([reachByDay(db, input.targetIds, input.blockedIds, now, today), deliveryBasis(db, input.advertiserId, input.goal, today)]);
  return estimate({
    advertiserId: input.advertiserId,
    goal: input.goal,
    days: Array.from({ length: ESTIMATOR_WINDOW_DAYS }, (_, i) => isoDay(addDays(today, i))),
    reachByDay: reach.union,
    audiences: input.targetIds.map((id) => ({ id, name: byId.get(id)!.name, byDay: reach.of(id) })),
    basis,
  });
}

/** The advertiser's audiences the estimator offers (not archived), by name. */
export function estimatorAudienceOptions(db: Pick<TenantTx, "audience">, advertiserId: number) {
  return db.audience.findMany({
    where: { advertiserId, isArchived: false },
    select: { id: true, name: true, source: true, totalUU: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
