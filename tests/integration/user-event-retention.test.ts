// UserEvent retention: the daily user-event-prune job deletes the
// stored events older than the longest look-back any reader has (rules,
// backfill, look-alike features, the daily-users recount: 180 days) plus a
// day, for every advertiser of every licensee, in batches; younger events,
// and what audiences read from them, stay.
import { db } from "@/lib/db";
import { pruneUserEvents } from "@/lib/audiences/events/prune";
import { LONGEST_EVENT_LOOKBACK_DAYS, USER_EVENT_RETENTION_DAYS, userEventCutoff } from "@/lib/audiences/events/retention-window";
import { BACKFILL_LIMITS } from "@/lib/audiences/backfill/query";
import { MAX_RULE_DURATION } from "@/lib/audiences/meta-rules";
import { USER_EXPIRY } from "@/lib/audiences/schema";
import { JOB } from "@/lib/jobs/names";
import { JOB_DEFINITIONS } from "@/lib/job-runner/definitions";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const DAY = 86_400_000;
const NOW = new Date("2026-11-27T05:00:00Z");

async function eventsAt(owner: { id: number; licenseeId: number }, label: string, occurredAt: Date[]) {
  await db.userEvent.createMany({
    data: occurredAt.map((at, i) => ({ licenseeId: owner.licenseeId, advertiserId: owner.id, userKey: `${label}-${i}`.padEnd(64, "0"), event: label, occurredAt: at })),
  });
}

test("the retention is the longest look-back of the audience code plus a day", () => {
  expect(LONGEST_EVENT_LOOKBACK_DAYS).toBe(Math.max(MAX_RULE_DURATION.DAY, MAX_RULE_DURATION.HOUR / 24, BACKFILL_LIMITS.days.max, USER_EXPIRY.max));
  expect(LONGEST_EVENT_LOOKBACK_DAYS).toBe(180);
  expect(USER_EVENT_RETENTION_DAYS).toBe(181);
  // Midnight UTC of the day 181 days before today.
  expect(userEventCutoff(NOW)).toEqual(new Date("2026-05-30T00:00:00Z"));
});

test("events past retention are deleted for every advertiser of every licensee, in batches; the others stay", async () => {
  const a = await f.makeTenantWithAdvertiser();
  const b = await f.makeTenantWithAdvertiser();
  const archived = await f.makeAdvertiser(a.licensee.id, { isArchived: true });
  const cutoff = userEventCutoff(NOW);
  const old = (n: number) => Array.from({ length: n }, (_, i) => new Date(cutoff.getTime() - (i + 1) * DAY));
  // 5 old events each: more than the batch of 2, so every advertiser takes several statements.
  await eventsAt(a.advertiser, "old", old(5));
  await eventsAt(b.advertiser, "old", old(5));
  await eventsAt(archived, "old", old(5));
  // Kept: exactly at the cutoff, the oldest a 180-day rule can read today, and recent ones.
  await eventsAt(a.advertiser, "kept", [cutoff, new Date(NOW.getTime() - 180 * DAY), new Date(NOW.getTime() - DAY), NOW]);
  await eventsAt(b.advertiser, "kept", [new Date(cutoff.getTime() + 1)]);

  const result = await pruneUserEvents(NOW, 2);
  expect(result).toEqual({ deleted: 15, cutoff });
  const left = await db.userEvent.findMany({ select: { advertiserId: true, event: true }, orderBy: { id: "asc" } });
  expect(left.map((e) => [e.advertiserId, e.event])).toEqual([
    ...Array(4).fill([a.advertiser.id, "kept"]),
    [b.advertiser.id, "kept"],
  ]);
  // A second run finds nothing more.
  expect((await pruneUserEvents(NOW, 2)).deleted).toBe(0);
});

test("the prune is a daily scheduled job", async () => {
  const job = JOB_DEFINITIONS.find((d) => d.name === JOB.userEventPrune);
  expect(job?.cron).toBe("37 3 * * *");
  const owner = await f.makeTenantWithAdvertiser();
  await eventsAt(owner.advertiser, "ancient", [new Date(Date.now() - 400 * DAY)]);
  await eventsAt(owner.advertiser, "fresh", [new Date()]);
  await job!.run({} as never);
  expect((await db.userEvent.findMany()).map((e) => e.event)).toEqual(["fresh"]);
});
