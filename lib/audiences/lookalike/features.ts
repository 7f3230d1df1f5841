// The stored features of an advertiser's users for the look-alike model
// (./model.ts): their events of the last FEATURE_LOOKBACK_DAYS, grouped in
// the database by user and event name, and by user, OS and country. Reads
// through the licensee's tenant client, so another licensee's events are
// never seen. Free of server-only imports (the job and the seed run it).
import type { TenantTx } from "../../data/tenant";
import type { UserActivity } from "./model";

/** How far back the model reads events. */
export const FEATURE_LOOKBACK_DAYS = 180;
const DAY_MS = 86_400_000;

type Mutable = { userKey: string; events: Map<string, number>; os: Map<string, number>; countries: Map<string, number>; lastEventAt: Date };

export async function advertiserUserActivity(db: Pick<TenantTx, "userEvent">, advertiserId: number, now: Date): Promise<UserActivity[]> {
  const where = { advertiserId, occurredAt: { gte: new Date(now.getTime() - FEATURE_LOOKBACK_DAYS * DAY_MS), lte: now } };
  const [byEvent, byPlace] = await Promise.all([
    db.userEvent.groupBy({ by: ["userKey", "event"], where, _count: { _all: true }, _max: { occurredAt: true } }),
    db.userEvent.groupBy({ by: ["userKey", "osTypeId", "country"], where, _count: { _all: true } }),
  ]);
  const users = new Map<string, Mutable>();
  const userOf = (userKey: string) => {
    let u = users.get(userKey);
    if (!u) users.set(userKey, (u = { userKey, events: new Map(), os: new Map(), countries: new Map(), lastEventAt: new Date(0) }));
    return u;
  };
  for (const row of byEvent) {
    const u = userOf(row.userKey);
    u.events.set(row.event, row._count._all);
    const last = row._max.occurredAt;
    if (last && last > u.lastEventAt) u.lastEventAt = last;
  }
  const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);
  for (const row of byPlace) {
    const u = userOf(row.userKey);
    if (row.osTypeId !== null) add(u.os, String(row.osTypeId), row._count._all);
    if (row.country) add(u.countries, row.country, row._count._all);
  }
  return [...users.values()];
}
