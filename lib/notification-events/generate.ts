// What creates notifications. shell.md 2.11 shows the inbox but not what fills
// it; these events do, one notification per read-write member of the licensee
// (read-only and demo users have no inbox, shell.md 6):
//
// | event                                   | type       | entity   | content                                   |
// | --------------------------------------- | ---------- | -------- | ----------------------------------------- |
// | a campaign's end time passed            | INFO       | CAMPAIGN | "Campaign has ended"                      |
// | a strategy's end time passed            | INFO       | STRATEGY | "Strategy has ended"                      |
// | a campaign's lifetime budget is spent   | ACTIONABLE | CAMPAIGN | "Lifetime budget is fully spent"          |
// |   (delivered Adv Spend >= lifetimeBudget)                                                                |
// | a strategy's budget is spent            | ACTIONABLE | STRATEGY | "Budget is fully spent"                   |
// |   (delivered Adv Spend >= budgetValue)                                                                   |
// | an optimization rule run finished       | INFO       | STRATEGY | "Optimization rule run finished: N app(s) blocked" |
// | a look-alike model finished (or failed) | INFO       | LAL_AUDIENCE | lib/audiences/lookalike/build.ts       |
// | a remote upload sync failed             | ACTIONABLE | *_AUDIENCE | lib/audiences/remote/sync.ts           |
//
// The first four are found by runNotificationSweep(now), which the job runner
// calls periodically; the last is written by the rule runner, in its own
// transaction, through notifyRuleRunFinished(). Archived campaigns and
// strategies are ignored. End times are looked for within the last
// SWEEP_LOOKBACK_DAYS (a sweep after downtime still catches them, an old
// demo or imported entity does not flood the inbox); a budget is checked while
// its entity runs or ended within that window.
//
// Idempotent: every notification has a dedupe key (unique per user) naming the
// event, e.g. "campaign-ended:12:1767225600" or "campaign-budget-spent:12:5000.000000";
// rows are inserted with ON CONFLICT DO NOTHING, so re-running the sweep creates
// nothing new. The key carries the end time or the budget, so a campaign whose end
// date or budget is changed notifies again when it ends or spends again.
import type { Tx } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { EntityType, NotificationType } from "../generated/prisma/enums";
import { log } from "../log";
import { lifetimeSql } from "../metrics/lifetime";

export const SWEEP_LOOKBACK_DAYS = 7;
const DAY_MS = 86_400_000;
const CHUNK = 500;

export const NOTIFICATION_CONTENT = {
  campaignEnded: "Campaign has ended",
  strategyEnded: "Strategy has ended",
  campaignBudgetSpent: "Lifetime budget is fully spent",
  strategyBudgetSpent: "Budget is fully spent",
  ruleRunFinished: (blocked: number) => `Optimization rule run finished: ${blocked} app(s) blocked`,
} as const;

/** One event, before it is fanned out to the licensee's read-write members. */
export interface NotificationEvent {
  licenseeId: number;
  type: NotificationType;
  entityType: EntityType;
  entityId: number;
  entityName: string;
  content: string;
  icon: string;
  dedupeKey: string;
}

type Db = Pick<Tx, "membership" | "notification" | "$queryRaw">;
/** What the sweep reads and writes: the app's client, or the seed's own handle. */
type SweepDb = Db & Pick<Tx, "campaign" | "strategy">;

async function fanOut(client: Db, events: NotificationEvent[], now: Date): Promise<number> {
  if (events.length === 0) return 0;
  const licenseeIds = [...new Set(events.map((e) => e.licenseeId))];
  const members = await client.membership.findMany({
    where: { licenseeId: { in: licenseeIds }, role: "RW", user: { disabled: false } },
    select: { licenseeId: true, userId: true },
  });
  const byLicensee = new Map<number, number[]>();
  for (const m of members) byLicensee.set(m.licenseeId, [...(byLicensee.get(m.licenseeId) ?? []), m.userId]);
  const all: Prisma.NotificationCreateManyInput[] = events.flatMap(({ licenseeId, ...e }) =>
    (byLicensee.get(licenseeId) ?? []).map((userId) => ({ ...e, licenseeId, userId, createdAt: now })),
  );
  // A sweep finds mostly events an earlier one notified (a spent budget stays spent): the rows
  // already stored are looked up by the unique (userId, dedupeKey) index, not inserted again.
  const stored = new Set<string>();
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const found = await client.$queryRaw<Array<{ userId: number; dedupeKey: string }>>`
      SELECT n."userId", n."dedupeKey" FROM unnest(${chunk.map((r) => String(r.userId))}::text[]::int[], ${chunk.map((r) => r.dedupeKey)}::text[]) AS k(u, d)
      JOIN "Notification" n ON n."userId" = k.u AND n."dedupeKey" = k.d`;
    for (const r of found) stored.add(`${r.userId}:${r.dedupeKey}`);
  }
  const rows = all.filter((r) => !stored.has(`${r.userId}:${r.dedupeKey}`));
  let created = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    // skipDuplicates is INSERT ... ON CONFLICT DO NOTHING on (userId, dedupeKey).
    created += (await client.notification.createMany({ data: rows.slice(i, i + CHUNK), skipDuplicates: true })).count;
  }
  return created;
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

async function endedEvents(client: SweepDb, now: Date, since: Date): Promise<NotificationEvent[]> {
  const where = { isArchived: false, endTime: { gt: since, lte: now } };
  const select = { id: true, licenseeId: true, name: true, endTime: true } as const;
  const [campaigns, strategies] = await Promise.all([
    client.campaign.findMany({ where, select }),
    client.strategy.findMany({ where, select }),
  ]);
  const event = (entityType: "CAMPAIGN" | "STRATEGY", content: string) =>
    (r: { id: number; licenseeId: number; name: string; endTime: Date | null }): NotificationEvent => ({
      licenseeId: r.licenseeId,
      type: "INFO",
      entityType,
      entityId: r.id,
      entityName: r.name,
      content,
      icon: "calendar",
      dedupeKey: `${entityType.toLowerCase()}-ended:${r.id}:${epoch(r.endTime!)}`,
    });
  return [
    ...campaigns.map(event("CAMPAIGN", NOTIFICATION_CONTENT.campaignEnded)),
    ...strategies.map(event("STRATEGY", NOTIFICATION_CONTENT.strategyEnded)),
  ];
}

/**
 * Delivered Adv Spend (revenue) so far per campaign or strategy: each
 * strategy's lifetime totals (lib/metrics/lifetime.ts, one running row per
 * strategy), never a pass over its hours.
 */
async function spentBy(client: SweepDb, by: "campaignId" | "strategyId", ids: number[]): Promise<Map<number, Prisma.Decimal>> {
  const out = new Map<number, Prisma.Decimal>();
  const key = Prisma.raw(`l."${by}"`);
  const owner = Prisma.raw(by === "strategyId" ? `s."id"` : `s."campaignId"`);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK).map(String);
    const sums = await client.$queryRaw<Array<{ key: number; spent: string }>>`
      SELECT ${key} AS "key", sum(l."revenue")::text AS "spent"
      FROM ${lifetimeSql(["revenue"], Prisma.sql`${owner} = ANY(${chunk}::text[]::int[])`)} l GROUP BY 1`;
    for (const s of sums) out.set(Number(s.key), new Prisma.Decimal(s.spent));
  }
  return out;
}

async function budgetEvents(client: SweepDb, now: Date, since: Date): Promise<NotificationEvent[]> {
  const running = { isArchived: false, startTime: { lte: now }, OR: [{ endTime: null }, { endTime: { gt: since } }] };
  const [campaigns, strategies] = await Promise.all([
    client.campaign.findMany({
      where: { ...running, lifetimeBudget: { gt: 0 } },
      select: { id: true, licenseeId: true, name: true, lifetimeBudget: true },
    }),
    client.strategy.findMany({
      where: { ...running, budgetValue: { gt: 0 } },
      select: { id: true, licenseeId: true, name: true, budgetValue: true },
    }),
  ]);
  const [campaignSpend, strategySpend] = await Promise.all([
    spentBy(client, "campaignId", campaigns.map((c) => c.id)),
    spentBy(client, "strategyId", strategies.map((s) => s.id)),
  ]);
  const events: NotificationEvent[] = [];
  const check = (
    entityType: "CAMPAIGN" | "STRATEGY",
    r: { id: number; licenseeId: number; name: string },
    budget: Prisma.Decimal,
    spent: Prisma.Decimal | undefined,
    content: string,
  ) => {
    if (!spent || spent.lessThan(budget)) return;
    events.push({
      licenseeId: r.licenseeId,
      type: "ACTIONABLE",
      entityType,
      entityId: r.id,
      entityName: r.name,
      content,
      icon: "budget",
      dedupeKey: `${entityType.toLowerCase()}-budget-spent:${r.id}:${budget.toFixed(6)}`,
    });
  };
  for (const c of campaigns) check("CAMPAIGN", c, c.lifetimeBudget!, campaignSpend.get(c.id), NOTIFICATION_CONTENT.campaignBudgetSpent);
  for (const s of strategies) check("STRATEGY", s, s.budgetValue!, strategySpend.get(s.id), NOTIFICATION_CONTENT.strategyBudgetSpent);
  return events;
}

/**
 * Scans every licensee for campaigns and strategies that ended or spent their
 * budget and notifies the licensee's read-write members once per event.
 * Safe to run as often as wanted and from several containers at once. The
 * scan spans licensees: `client` is the system client (the job runner's, or
 * the seed's own connection).
 */
export async function runNotificationSweep(now: Date, client: SweepDb): Promise<{ created: number }> {
  const since = new Date(now.getTime() - SWEEP_LOOKBACK_DAYS * DAY_MS);
  const events = [...(await endedEvents(client, now, since)), ...(await budgetEvents(client, now, since))];
  const created = await fanOut(client, events, now);
  (created > 0 ? log.info : log.debug)("notification sweep", { events: events.length, created });
  return { created };
}

export interface RuleRunFinished {
  licenseeId: number;
  ruleId: number;
  strategyId: number;
  strategyName: string;
  blockedCount: number;
  /** When the run finished; part of the dedupe key (pass the rule's lastRunAt so a retried job notifies once). Default now. */
  finishedAt?: Date;
}

/**
 * Notifies the licensee's read-write members that an optimization rule run
 * finished. Call it with the rule runner's transaction so the notification
 * commits with the run's results. Returns how many notifications were created.
 */
export async function notifyRuleRunFinished(tx: Tx, run: RuleRunFinished): Promise<number> {
  const finishedAt = run.finishedAt ?? new Date();
  return fanOut(
    tx,
    [
      {
        licenseeId: run.licenseeId,
        type: "INFO",
        entityType: "STRATEGY",
        entityId: run.strategyId,
        entityName: run.strategyName,
        content: NOTIFICATION_CONTENT.ruleRunFinished(run.blockedCount),
        icon: "rule",
        dedupeKey: `rule-run:${run.ruleId}:${finishedAt.getTime()}`,
      },
    ],
    finishedAt,
  );
}

/**
 * Notifies the licensee's read-write members of one event a background job
 * finished (a look-alike computed): call it with the job's transaction so the
 * notification commits with the result. Idempotent through the dedupe key.
 */
export function notifyLicenseeMembers(tx: Tx, event: NotificationEvent, at: Date): Promise<number> {
  return fanOut(tx, [event], at);
}
