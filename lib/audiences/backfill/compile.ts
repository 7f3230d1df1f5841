// A backfill query (./query.ts) compiled to one parameterized SELECT over the
// audience's stored events: every value the user gave is a bound parameter,
// every identifier is fixed here. The SELECT yields ("userKey", "lastSeenAt")
// as lib/audiences/members/counts.ts upsertMembersFrom takes it.
//
// - FIRED_EVENT:   events named E (ignoring case), at least N of them;
// - VISITED_PAGE:  page views whose URL contains T, at least N of them;
// - REFERRED_FROM: any event whose referrer URL contains T;
// - ANY_ACTIVITY:  any event;
// all within the last D days, and only for users who fired at least one of
// the targeted events (when given) and none of the excluded ones, in the same
// days; and
// - AUDIENCE_RULES: the users the audience's own rules select (an OR of AND
//   groups, each rule with its own look-back: lib/audiences/members/rules.ts),
//   the event lists checked over the longest of those look-backs. Events of the audience's device identifier (and OS, for a mobile
// audience with one) only, like the rules.
import { Prisma } from "../../generated/prisma/client";
import type { TenantTx } from "../../data/tenant";
import { audienceEventsWhere, containsText, PAGE_VIEW_EVENT, ruleMembersSql, ruleSince, type EventScope, type RuleInput } from "../members/rules";
import type { BackfillQuery } from "./query";

const DAY_MS = 86_400_000;

function templateCondition(q: BackfillQuery): Prisma.Sql {
  const atLeast = (where: Prisma.Sql) => Prisma.sql`count(*) FILTER (WHERE ${where}) >= ${q.minCount ?? 1}`;
  switch (q.template) {
    case "FIRED_EVENT":
      return atLeast(Prisma.sql`e."event" = ${q.event ?? ""}`);
    case "VISITED_PAGE":
      return atLeast(Prisma.sql`e."event" = ${PAGE_VIEW_EVENT} AND ${containsText(Prisma.raw(`e."pageUrl"`), q.text ?? "")}`);
    case "REFERRED_FROM":
      return Prisma.sql`count(*) FILTER (WHERE ${containsText(Prisma.raw(`e."referrerUrl"`), q.text ?? "")}) > 0`;
    case "ANY_ACTIVITY":
    case "AUDIENCE_RULES":
      return Prisma.sql`count(*) > 0`;
  }
}

/** Users of `users` who fired a targeted event (when given) and no excluded one since `since`. */
function withEventLists(scope: EventScope, users: Prisma.Sql, rule: CompiledBackfill, since: Date): Prisma.Sql {
  const fired = (events: readonly string[]) =>
    Prisma.sql`EXISTS (SELECT 1 FROM "UserEvent" e WHERE ${audienceEventsWhere(scope)} AND e."userKey" = u."userKey" AND e."occurredAt" >= ${since} AND e."event" IN (${Prisma.join(events)}))`;
  const where = [
    ...(rule.targetedEvents.length ? [fired(rule.targetedEvents)] : []),
    ...(rule.excludedEvents.length ? [Prisma.sql`NOT ${fired(rule.excludedEvents)}`] : []),
  ];
  return where.length ? Prisma.sql`SELECT u."userKey", u."lastSeenAt" FROM (${users}) u WHERE ${Prisma.join(where, " AND ")}` : users;
}

export interface CompiledBackfill {
  query: BackfillQuery;
  targetedEvents: readonly string[];
  excludedEvents: readonly string[];
}

/** The users a backfill rule selects at `now` (`audienceRules`: the audience's rules, for AUDIENCE_RULES). */
export function backfillMembersSql(scope: EventScope, rule: CompiledBackfill, now: Date, audienceRules: readonly RuleInput[] = []): Prisma.Sql {
  if (rule.query.template === "AUDIENCE_RULES") {
    const since = audienceRules.length ? new Date(Math.min(...audienceRules.map((r) => ruleSince(r, now).getTime()))) : now;
    return withEventLists(scope, ruleMembersSql(scope, audienceRules, now), rule, since);
  }
  const since = new Date(now.getTime() - (rule.query.days ?? 0) * DAY_MS);
  const having = [templateCondition(rule.query)];
  if (rule.targetedEvents.length) having.push(Prisma.sql`count(*) FILTER (WHERE e."event" IN (${Prisma.join(rule.targetedEvents)})) > 0`);
  if (rule.excludedEvents.length) having.push(Prisma.sql`count(*) FILTER (WHERE e."event" IN (${Prisma.join(rule.excludedEvents)})) = 0`);
  return Prisma.sql`
    SELECT e."userKey", max(e."occurredAt") AS "lastSeenAt"
    FROM "UserEvent" e
    WHERE ${audienceEventsWhere(scope)} AND e."occurredAt" >= ${since} AND e."occurredAt" <= ${now}
    GROUP BY e."userKey"
    HAVING ${Prisma.join(having, " AND ")}`;
}

/** How many users the rule selects (the validation's count). */
export const countSql = (users: Prisma.Sql) => Prisma.sql`SELECT count(*)::int AS "users" FROM (${users}) u`;

/** The SELECT of a stored rule's users, reading the audience's rules when the template needs them. */
export async function backfillUsersSql(
  db: Pick<TenantTx, "audienceRule">,
  audienceId: number,
  scope: EventScope,
  rule: CompiledBackfill,
  now: Date,
): Promise<Prisma.Sql> {
  const rules = rule.query.template === "AUDIENCE_RULES" ? await db.audienceRule.findMany({ where: { audienceId, status: true } }) : [];
  return backfillMembersSql(scope, rule, now, rules);
}
