// The IANA timezone the user reads times in (UserSettings.timezoneId, set by
// applying a preset). An unknown timezone falls back to UTC (shell.md 8).
import { userDb } from "../data/tenant-db";
import { timezoneIana } from "../user-settings/timezones";
import { DEFAULT_TIMEZONE_ID } from "./defaults";

export async function userTimeZone(userId: number): Promise<string> {
  const settings = await userDb(userId).userSettings.findUnique({ where: { userId }, select: { timezoneId: true } });
  return timezoneIana(settings?.timezoneId ?? DEFAULT_TIMEZONE_ID);
}
