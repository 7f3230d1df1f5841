// Report template tests: a daily template of campaign impressions as the page
// saves it, for a licensee whose RW user has an API key.
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import type { SessionContext } from "@/lib/auth/context";
import * as f from "./factories";

export const DAILY_DEFINITION = { dimensions: ["campaign"], metrics: ["impressions"], from: "2024-01-01", to: "2024-01-01", timezoneId: 805 };

export const dailySchedule = (recipients: string) => ({ frequency: "DAILY", timeOfDay: "09:00", recipients, fileFormat: "CSV" });

/** The template of the report builder's save dialog, mailed daily to `recipients`. */
export const dailyTemplate = (recipients: string, name = "Daily campaigns") => ({ name, reportType: "advanced", definition: DAILY_DEFINITION, schedule: dailySchedule(recipients) });

/** A licensee's RW user, with the UTC timezone the definitions name. */
export async function reportingTenant() {
  await f.makeUtcTimezone();
  return f.makeTenant("RW");
}

/** The secret of a new read-write API key of the session's user. */
export async function readWriteKey(ctx: SessionContext) {
  return (await createApiKey(scopeOf(ctx), { name: "rw", scope: "READ_WRITE" })).secret;
}
