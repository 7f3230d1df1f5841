// The audience chart's numbers (business.md 7 "chart data"), counted in the
// database from the audience's members (AudienceMember), day by day in the
// range's timezone; no member row ever reaches Node.
// - A member joined the audience at addedAt (set once, when the rules (over
//   pixel and MMP postback events), a backfill, a CRM or remote file or the
//   look-alike model first added it) and stays until expiresAt (its last
//   sighting plus the audience's user expiry).
//   A row whose membership had run out before it was added never counted.
// - newUsers(day): the members whose addedAt falls on the day.
// - totalUsers(day): the members at the end of the day: joined by then and
//   not yet expired, i.e. those joined by the day minus those expired by it,
//   as a running sum in SQL from the day before the range (which gathers
//   everything earlier).
// What the schema cannot tell: a membership renewed after it had lapsed keeps
// only its latest expiry, so it counts through the gap; a look-alike
// recomputed from scratch starts its history again on that day.
// Days after today (in the timezone) have not happened: null.
import "server-only";
import { Prisma } from "../../generated/prisma/client";
import { LICENSEE_PARAM, type TenantTx } from "../../data/tenant";
import { tenantDb } from "../../data/tenant-db";
import { orNotFound } from "../../data/gate";
import type { SessionContext } from "../../auth/context";
import { daysOf, localMidnight, resolveDateRange, todayIn, type DateRange } from "../../user-settings/date-range";
import { getUserDateRangeSettings } from "../../user-settings/queries";
import { timezoneIana } from "../../user-settings/timezones";
import type { AudienceChart, AudienceChartInput } from "./schema";

type Db = Pick<TenantTx, "audience" | "$queryRaw">;

interface DayRow {
  day: string;
  newUsers: number;
  totalUsers: number;
}

/** The members' joins and expiries by local day, and the running total; the first row is the day before `from`. */
function usersByDaySql(audienceId: number, range: DateRange, iana: string): Prisma.Sql {
  const end = localMidnight(range.to, iana, 1);
  const before = Prisma.sql`(${range.from}::date - 1)`;
  return Prisma.sql`
    WITH member AS (
      SELECT m."addedAt", m."expiresAt" FROM "AudienceMember" m
      JOIN "Audience" a ON a."id" = m."audienceId" AND a."licenseeId" = ${LICENSEE_PARAM}
      WHERE m."audienceId" = ${audienceId} AND m."expiresAt" > m."addedAt" AND m."addedAt" < ${end}
    ),
    joined AS (
      SELECT GREATEST((m."addedAt" AT TIME ZONE ${iana})::date, ${before}) AS "day", count(*) AS n FROM member m GROUP BY 1
    ),
    -- A membership ending exactly at midnight is gone at the end of the day
    -- before: the expiry is placed on the day its last counted millisecond falls on.
    expired AS (
      SELECT GREATEST(((m."expiresAt" AT TIME ZONE ${iana}) - interval '1 millisecond')::date, ${before}) AS "day", count(*) AS n
      FROM member m WHERE m."expiresAt" <= ${end} GROUP BY 1
    )
    SELECT to_char(d."day", 'YYYY-MM-DD') AS "day",
      COALESCE(j.n, 0)::int AS "newUsers",
      (sum(COALESCE(j.n, 0) - COALESCE(x.n, 0)) OVER (ORDER BY d."day"))::int AS "totalUsers"
    FROM (SELECT g::date AS "day" FROM generate_series(${before}::timestamp, ${range.to}::date::timestamp, interval '1 day') g) d
    LEFT JOIN joined j ON j."day" = d."day"
    LEFT JOIN expired x ON x."day" = d."day"
    ORDER BY d."day"`;
}

/**
 * Total and new users of an audience for each day of the range (days of
 * range.timezoneId). Another licensee's audience, or none, is "not found";
 * archived audiences stay readable, as their details do.
 */
export async function audienceUsersChart(db: Db, audienceId: number, range: DateRange, now: Date = new Date()): Promise<AudienceChart> {
  orNotFound(await db.audience.findUnique({ where: { id: audienceId }, select: { id: true } }), "Audience");
  const iana = await timezoneIana(range.timezoneId);
  const days = daysOf(range.from, range.to);
  const rows = await db.$queryRaw<DayRow[]>(usersByDaySql(audienceId, range, iana));
  const [ever] = await db.$queryRaw<Array<{ hasUsers: boolean }>>`
    SELECT EXISTS (
      SELECT 1 FROM "AudienceMember" m JOIN "Audience" a ON a."id" = m."audienceId" AND a."licenseeId" = ${LICENSEE_PARAM}
      WHERE m."audienceId" = ${audienceId} AND m."expiresAt" > m."addedAt"
    ) AS "hasUsers"`;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const today = todayIn(iana, now);
  return {
    audienceId,
    from: range.from,
    to: range.to,
    timezone: iana,
    hasUsers: Boolean(ever?.hasUsers),
    days: days.map((day) => {
      const row = byDay.get(day);
      return day > today ? { day, totalUsers: null, newUsers: null } : { day, totalUsers: Number(row?.totalUsers ?? 0), newUsers: Number(row?.newUsers ?? 0) };
    }),
  };
}

/**
 * The range a chart call asks for: its own days and timezone, or what it
 * leaves out from the caller's saved date range (a preset resolved against
 * today in the timezone used) and timezone.
 */
export async function chartRangeOf(ctx: Pick<SessionContext, "userId">, input: Omit<AudienceChartInput, "audienceId">, now: Date = new Date()): Promise<DateRange> {
  const { settings, stored } = await getUserDateRangeSettings(ctx, now);
  const timezoneId = input.timezoneId ?? settings.timezoneId;
  if (input.from !== undefined && input.to !== undefined) return { from: input.from, to: input.to, timezoneId };
  return { ...resolveDateRange(stored, todayIn(await timezoneIana(timezoneId), now)), timezoneId };
}

/** The details page's Users section: the chart over the user's saved date range, and what its picker shows. */
export async function audienceUsersForPage(ctx: SessionContext, audienceId: number) {
  const { settings, stored } = await getUserDateRangeSettings(ctx);
  return {
    chart: await audienceUsersChart(tenantDb(ctx), audienceId, settings.range),
    timeZone: settings.iana,
    dateRange: { stored, from: settings.range.from, to: settings.range.to, timezoneName: settings.timezoneName },
  };
}
