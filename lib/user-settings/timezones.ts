// Timezone dictionary look-ups (Timezone { id, name, ianaName }, 805 = UTC).
import "server-only";
import { cache } from "react";
import { referenceDb } from "../data/tenant-db";
import { DEFAULT_TIMEZONE_ID } from "./date-range";

export interface TimezoneInfo {
  id: number;
  name: string;
  iana: string;
}

const UTC: TimezoneInfo = { id: DEFAULT_TIMEZONE_ID, name: "UTC", iana: "UTC" };

/**
 * The timezone with this id; an unknown id falls back to UTC rather than
 * failing the page. Read once per server request (a list page's sums ask for
 * it several times); elsewhere each call reads.
 */
export const getTimezone = cache(async (id: number): Promise<TimezoneInfo> => {
  const tz = Number.isSafeInteger(id) ? await referenceDb().timezone.findUnique({ where: { id } }) : null;
  return tz ? { id: tz.id, name: tz.name, iana: tz.ianaName } : UTC;
});

export async function timezoneIana(id: number): Promise<string> {
  return (await getTimezone(id)).iana;
}
