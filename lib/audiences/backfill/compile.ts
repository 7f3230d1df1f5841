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
// days. Events of the audience's device identifier (and OS, for a mobile
// audience with one) only, like the rules.
import { Prisma } from "../../generated/prisma/client";
import { audienceEventsWhere, containsText, PAGE_VIEW_EVENT, type EventScope } from "../members/rules";
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
      return Prisma.sql`count(*) > 0`;
  }
}

export interface CompiledBackfill {
  query: BackfillQuery;
  targetedEvents: readonly string[];
  excludedEvents: readonly string[];
}

/** The users a backfill rule selects at `now`. */
export function backfillMembersSql(scope: EventScope, rule: CompiledBackfill, now: Date): Prisma.Sql {
  const since = new Date(now.getTime() - rule.query.days * DAY_MS);
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
