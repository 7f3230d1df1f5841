// The members of a rule-based audience, computed in SQL over the stored user
// events (UserEvent) of its advertiser: its rules are an OR of AND groups
// (lib/audiences/meta-rules.ts), each rule looking back over its own duration.
//
// How each rule reads (operators: contains, does not contain, equals for text;
// at least, equals, at most for counts). Text comparisons ignore case.
// - page_url / referrer_url / event_name contains|equals V: the user has an
//   event in the look-back whose page URL / referrer URL / event name matches.
// - ... does not contain V: the user has page views (for event_name: events)
//   in the look-back, none of which matches ("visited, but never the checkout").
// - page_frequency OP N: the user's page views in the look-back, counting
//   only pages the group's own page_url contains/equals rules select (all
//   page views when it has none), compared with N; only users with a page
//   view in the look-back ("page URL contains
//   /product AND page frequency at least 2": two product page views).
// - event_count OP N: likewise the user's events selected by the group's
//   event_name contains/equals rules (all events when it has none).
// Only events of the audience's device identifier (ADID or IP) count, and for
// a mobile audience with an OS, only that OS's events.
//
// Free of server-only imports: the seed computes its demo members with it.
import { Prisma } from "../../generated/prisma/client";
import { LICENSEE_PARAM, type TenantTx } from "../../data/tenant";
import { NotFoundError } from "../../errors";
import { metaFilter } from "../meta-rules";
import { upsertMembersFrom, refreshAudienceUserCounts, type AudienceUserCounts, type MembersTx } from "./counts";

const HOUR_MS = 3_600_000;
/** The event a page view is stored as (the pixel's). */
export const PAGE_VIEW_EVENT = "page_view";

export interface EventScope {
  advertiserId: number;
  deviceIdentifier: "ADID" | "IP";
  osTypeId: number | null;
}

export interface RuleInput {
  groupIndex: number;
  filterId: number;
  operatorId: number;
  value: string;
  duration: number;
  durationUnit: string;
}

/** The WHERE of the events an audience reads (alias e): its licensee, advertiser, identifier type and OS. */
export function audienceEventsWhere(scope: EventScope): Prisma.Sql {
  const os = scope.osTypeId === null ? Prisma.empty : Prisma.sql` AND e."osTypeId" = ${scope.osTypeId}`;
  return Prisma.sql`e."licenseeId" = ${LICENSEE_PARAM} AND e."advertiserId" = ${scope.advertiserId}
    AND e."identifierType" = ${scope.deviceIdentifier}::"DeviceIdentifier"${os}`;
}

/** The text columns rules compare (fixed identifiers, never user input). */
const TEXT_COLUMNS: Record<string, Prisma.Sql> = {
  page_url: Prisma.raw(`e."pageUrl"`),
  referrer_url: Prisma.raw(`e."referrerUrl"`),
  event_name: Prisma.raw(`e."event"`),
};

/** `column` contains (ignoring case) `text`: strpos, so % and _ in the text are plain characters. */
export const containsText = (column: Prisma.Sql, text: string) => Prisma.sql`strpos(lower(coalesce(${column}, '')), lower(${text})) > 0`;
const equalsText = (column: Prisma.Sql, text: string) => Prisma.sql`lower(coalesce(${column}, '')) = lower(${text})`;

const OP = { contains: 1, notContains: 2, atLeast: 3, equals: 4, atMost: 5 } as const;

/** count(...) compared as the operator says. */
export function compareCount(count: Prisma.Sql, operatorId: number, n: number): Prisma.Sql {
  if (operatorId === OP.atLeast) return Prisma.sql`${count} >= ${n}`;
  if (operatorId === OP.atMost) return Prisma.sql`${count} <= ${n}`;
  return Prisma.sql`${count} = ${n}`;
}

/** When a rule's look-back starts. */
export const ruleSince = (rule: RuleInput, now: Date) => new Date(now.getTime() - rule.duration * (rule.durationUnit === "HOUR" ? HOUR_MS : 24 * HOUR_MS));
const and = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`);

/** What the group's contains/equals rules on `queryName` select (for the count rules). */
function selected(group: RuleInput[], queryName: string): Prisma.Sql {
  const parts = group.flatMap((r) => {
    if (metaFilter(r.filterId)?.queryName !== queryName) return [];
    if (r.operatorId === OP.contains) return [containsText(TEXT_COLUMNS[queryName], r.value)];
    if (r.operatorId === OP.equals) return [equalsText(TEXT_COLUMNS[queryName], r.value)];
    return [];
  });
  return parts.length ? and(parts) : Prisma.sql`TRUE`;
}

/** The HAVING condition of one rule within its group. */
function ruleCondition(rule: RuleInput, group: RuleInput[], now: Date): Prisma.Sql {
  const filter = metaFilter(rule.filterId);
  if (!filter) throw new Error(`unknown audience rule filter ${rule.filterId}`);
  const inWindow = Prisma.sql`e."occurredAt" >= ${ruleSince(rule, now)}`;
  const count = (where: Prisma.Sql) => Prisma.sql`count(*) FILTER (WHERE ${inWindow} AND ${where})`;
  if (filter.valueType === "number") {
    const n = Number(rule.value);
    if (filter.queryName === "page_frequency") {
      // Visitors only: a user without a page view in the look-back is no "at most N" visitor.
      const visited = Prisma.sql`${count(Prisma.sql`e."event" = ${PAGE_VIEW_EVENT}`)} > 0`;
      return Prisma.sql`(${visited} AND ${compareCount(count(Prisma.sql`e."event" = ${PAGE_VIEW_EVENT} AND ${selected(group, "page_url")}`), rule.operatorId, n)})`;
    }
    return compareCount(count(selected(group, "event_name")), rule.operatorId, n);
  }
  const column = TEXT_COLUMNS[filter.queryName];
  if (rule.operatorId === OP.notContains) {
    // URL rules read page views ("visited, but never the checkout"); event names read every event.
    const base = filter.queryName === "event_name" ? Prisma.sql`TRUE` : Prisma.sql`e."event" = ${PAGE_VIEW_EVENT}`;
    return Prisma.sql`(${count(base)} > 0 AND ${count(containsText(column, rule.value))} = 0)`;
  }
  const match = rule.operatorId === OP.equals ? equalsText(column, rule.value) : containsText(column, rule.value);
  return Prisma.sql`${count(match)} > 0`;
}

/**
 * A SELECT of the users the rules select: ("userKey", "lastSeenAt"), the
 * latest of their events in the look-back. No rules: no users.
 */
export function ruleMembersSql(scope: EventScope, rules: readonly RuleInput[], now: Date): Prisma.Sql {
  const groups = [...new Set(rules.map((r) => r.groupIndex))].map((g) => rules.filter((r) => r.groupIndex === g));
  if (groups.length === 0) return Prisma.sql`SELECT NULL::varchar AS "userKey", NULL::timestamptz AS "lastSeenAt" WHERE FALSE`;
  const selects = groups.map((group) => {
    const earliest = new Date(Math.min(...group.map((r) => ruleSince(r, now).getTime())));
    return Prisma.sql`
      SELECT e."userKey", max(e."occurredAt") AS "lastSeenAt"
      FROM "UserEvent" e
      WHERE ${audienceEventsWhere(scope)} AND e."occurredAt" >= ${earliest} AND e."occurredAt" <= ${now}
      GROUP BY e."userKey"
      HAVING ${and(group.map((r) => ruleCondition(r, group, now)))}`;
  });
  // A user of several groups: the latest sighting.
  return Prisma.sql`SELECT g."userKey", max(g."lastSeenAt") AS "lastSeenAt" FROM (${Prisma.join(selects, " UNION ALL ")}) g GROUP BY g."userKey"`;
}

/**
 * Evaluates a rule-based audience now: adds (origin RULE) or renews the users
 * its rules select, then recounts its users. Returns how many users the
 * rules matched and the new counts.
 */
export async function evaluateAudienceRules(tx: MembersTx & Pick<TenantTx, "audienceRule">, audienceId: number, now: Date = new Date()): Promise<{ matched: number; counts: AudienceUserCounts }> {
  const audience = await tx.audience.findUnique({ where: { id: audienceId }, select: { advertiserId: true, deviceIdentifier: true, osTypeId: true, source: true } });
  if (!audience) throw new NotFoundError("Audience");
  const rules = await tx.audienceRule.findMany({ where: { audienceId, status: true } });
  const scope = { advertiserId: audience.advertiserId, deviceIdentifier: audience.deviceIdentifier, osTypeId: audience.source === "MOBILE" ? audience.osTypeId : null };
  const matched = await upsertMembersFrom(tx, audienceId, "RULE", ruleMembersSql(scope, rules, now), now);
  return { matched, counts: await refreshAudienceUserCounts(tx, audienceId, now) };
}
