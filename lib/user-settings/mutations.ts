// Saving the user's own date range. A personal view setting, not licensee
// data: any role may change it, and it is not an audited entity change.
import { userDb } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import { storedDateRangeSchema, type StoredDateRange } from "./date-range";

export async function saveDateRange(ctx: Pick<SessionContext, "userId">, input: unknown): Promise<StoredDateRange> {
  const range = storedDateRangeSchema.parse(input);
  await userDb(ctx.userId).userSettings.upsert({
    where: { userId: ctx.userId },
    create: { userId: ctx.userId, dateRange: range },
    update: { dateRange: range, version: { increment: 1 } },
  });
  return range;
}
