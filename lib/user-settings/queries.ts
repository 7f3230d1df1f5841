// The signed-in user's time settings: timezone (UserSettings.timezoneId, set by
// the preferences engine from the active preset's TIMEZONE) and date range
// (UserSettings.dateRange; default last 7 days ending yesterday in that timezone).
import "server-only";
import { userDb } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import { DEFAULT_TIMEZONE_ID, parseStoredDateRange, type DateRange, resolveDateRange, todayIn, type StoredDateRange } from "./date-range";
import { getTimezone } from "./timezones";

export interface UserTimeSettings {
  timezoneId: number;
  timezoneName: string;
  iana: string;
  range: DateRange;
}

export async function getUserTimeSettings(ctx: SessionContext): Promise<UserTimeSettings> {
  return (await getUserDateRangeSettings(ctx)).settings;
}

/** As getUserTimeSettings, plus what is stored (the picker shows the preset). */
export async function getUserDateRangeSettings(
  ctx: Pick<SessionContext, "userId">,
  now: Date = new Date(),
): Promise<{ settings: UserTimeSettings; stored: StoredDateRange }> {
  const row = await userDb(ctx.userId).userSettings.findUnique({ where: { userId: ctx.userId }, select: { timezoneId: true, dateRange: true } });
  const tz = await getTimezone(row?.timezoneId ?? DEFAULT_TIMEZONE_ID);
  const stored = parseStoredDateRange(row?.dateRange);
  const { from, to } = resolveDateRange(stored, todayIn(tz.iana, now));
  return {
    settings: { timezoneId: tz.id, timezoneName: tz.name, iana: tz.iana, range: { from, to, timezoneId: tz.id } },
    stored,
  };
}

/** A metrics page's date range: the range it queries, and what its date range picker shows. */
export async function getPageDateRange(ctx: Pick<SessionContext, "userId">) {
  const { settings, stored } = await getUserDateRangeSettings(ctx);
  const { from, to } = settings.range;
  return { range: settings.range, picker: { stored, from, to, timezoneName: settings.timezoneName } };
}
