// Exact unique-user counting of audiences. Every user of an audience is one
// AudienceMember row (userKey = SHA-256 of the identifier), so:
// - totalUU  = the members whose membership has not expired (expiresAt > now);
// - AudienceDailyUsers(day) = the members seen that UTC day: those with a
//   stored UserEvent of the audience's advertiser that day, or whose lastSeenAt
//   (the time a CRM / remote file or the model last named them) falls on it;
// - dailyUU  = AudienceDailyUsers of the last full UTC day (yesterday), the
//   day the list's default date range ends on.
// Every job that adds members (rules, backfill, CRM and remote uploads, the
// look-alike model) calls refreshAudienceUserCounts in its own transaction,
// and a daily job refreshes every audience (memberships expire with time).
//
// Raw SQL through the tenant client: each statement carries the licensee
// (LICENSEE_PARAM) through the audience row, so another licensee's audience
// is simply not there. Free of server-only imports: the seed runs it too.
import { Prisma } from "../../generated/prisma/client";
import { LICENSEE_PARAM, type TenantTx } from "../../data/tenant";
import { NotFoundError } from "../../errors";
import { addDays, startOfUtcDay } from "../../random";

/** The client the counting needs: a tenant client or its transaction. */
export type MembersTx = Pick<TenantTx, "audience" | "$queryRaw" | "$executeRaw">;

/** How users got into an audience (AudienceMember.origin). */
export const MEMBER_ORIGINS = ["RULE", "BACKFILL", "CRM", "REMOTE", "LOOKALIKE"] as const;
export type MemberOrigin = (typeof MEMBER_ORIGINS)[number];

export interface AudienceUserCounts {
  totalUU: number;
  dailyUU: number;
  /** The UTC day dailyUU counts (YYYY-MM-DD). */
  day: string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The audience row, only when it is the tenant's. */
const ownAudience = (audienceId: number) => Prisma.sql`SELECT "id" FROM "Audience" WHERE "id" = ${audienceId} AND "licenseeId" = ${LICENSEE_PARAM}`;

/**
 * Recounts an audience's users from its members: the daily users of the days
 * its memberships can span (userExpiryDays back from today), then totalUU and
 * dailyUU on the audience. Counters are written without touching the
 * audience's version or modified time (they are not a user's edit, and a form
 * open on the audience must still save). Call it inside the transaction that
 * changed the members.
 */
export async function refreshAudienceUserCounts(tx: MembersTx, audienceId: number, now: Date = new Date()): Promise<AudienceUserCounts> {
  const audience = await tx.audience.findUnique({ where: { id: audienceId }, select: { id: true, userExpiryDays: true } });
  if (!audience) throw new NotFoundError("Audience");
  const today = startOfUtcDay(now);
  const from = addDays(today, -Math.max(audience.userExpiryDays, 1));
  const end = addDays(today, 1);
  await tx.$executeRaw`
    DELETE FROM "AudienceDailyUsers"
    WHERE "audienceId" IN (${ownAudience(audienceId)}) AND "day" >= ${isoDay(from)}::date`;
  await tx.$executeRaw`
    INSERT INTO "AudienceDailyUsers" ("audienceId", "day", "users")
    SELECT ${audienceId}, s."day", count(DISTINCT s."userKey")::int
    FROM (
      SELECT m."userKey", (e."occurredAt" AT TIME ZONE 'UTC')::date AS "day"
      FROM "AudienceMember" m
      JOIN "Audience" a ON a."id" = m."audienceId"
      JOIN "UserEvent" e ON e."licenseeId" = a."licenseeId" AND e."advertiserId" = a."advertiserId" AND e."userKey" = m."userKey"
      WHERE m."audienceId" IN (${ownAudience(audienceId)}) AND e."occurredAt" >= ${from} AND e."occurredAt" < ${end}
      UNION ALL
      SELECT m."userKey", (m."lastSeenAt" AT TIME ZONE 'UTC')::date
      FROM "AudienceMember" m
      WHERE m."audienceId" IN (${ownAudience(audienceId)}) AND m."lastSeenAt" >= ${from} AND m."lastSeenAt" < ${end}
    ) s
    GROUP BY s."day"`;
  const day = isoDay(addDays(today, -1));
  const [row] = await tx.$queryRaw<{ total: number; daily: number }[]>`
    SELECT
      (SELECT count(*)::int FROM "AudienceMember" WHERE "audienceId" IN (${ownAudience(audienceId)}) AND "expiresAt" > ${now}) AS "total",
      COALESCE((SELECT "users" FROM "AudienceDailyUsers" WHERE "audienceId" IN (${ownAudience(audienceId)}) AND "day" = ${day}::date), 0)::int AS "daily"`;
  const counts = { totalUU: Number(row?.total ?? 0), dailyUU: Number(row?.daily ?? 0), day };
  await tx.$executeRaw`
    UPDATE "Audience" SET "totalUU" = ${counts.totalUU}, "dailyUU" = ${counts.dailyUU}
    WHERE "id" = ${audienceId} AND "licenseeId" = ${LICENSEE_PARAM}`;
  return counts;
}

/**
 * Adds users to an audience, or renews them: `users` is a SELECT yielding
 * ("userKey", "lastSeenAt"). A new member gets `origin`; one already there
 * keeps its origin, and its lastSeenAt and expiresAt move forward only.
 * expiresAt = lastSeenAt + the audience's userExpiryDays. Returns how many
 * members were added or renewed. The caller refreshes the counts after.
 */
export async function upsertMembersFrom(tx: MembersTx, audienceId: number, origin: MemberOrigin, users: Prisma.Sql, now: Date = new Date()): Promise<number> {
  return tx.$executeRaw`
    INSERT INTO "AudienceMember" ("audienceId", "userKey", "origin", "addedAt", "lastSeenAt", "expiresAt")
    SELECT a."id", u."userKey", ${origin}, ${now}, u."lastSeenAt", u."lastSeenAt" + make_interval(days => a."userExpiryDays")
    FROM (${users}) u
    JOIN "Audience" a ON a."id" = ${audienceId} AND a."licenseeId" = ${LICENSEE_PARAM}
    ON CONFLICT ("audienceId", "userKey") DO UPDATE SET
      "lastSeenAt" = GREATEST("AudienceMember"."lastSeenAt", EXCLUDED."lastSeenAt"),
      "expiresAt" = GREATEST("AudienceMember"."expiresAt", EXCLUDED."expiresAt")`;
}

/** How many members one upsert statement takes at most (bound parameters stay small). */
const MEMBER_CHUNK = 5000;

/**
 * Adds or renews users given by key (CRM and remote files, the look-alike
 * model): each with the time it was last seen (default now). Keys must
 * already be userKeys (lib/audiences/identifiers.ts), never raw identifiers.
 */
export async function upsertMembers(
  tx: MembersTx,
  audienceId: number,
  origin: MemberOrigin,
  members: ReadonlyArray<{ userKey: string; lastSeenAt?: Date }>,
  now: Date = new Date(),
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < members.length; i += MEMBER_CHUNK) {
    const chunk = members.slice(i, i + MEMBER_CHUNK);
    const keys = chunk.map((m) => m.userKey);
    const seen = chunk.map((m) => (m.lastSeenAt ?? now).toISOString());
    // Duplicate keys in one statement would make ON CONFLICT touch a row twice: the latest sighting wins.
    const users = Prisma.sql`
      SELECT k."userKey", max(k."lastSeenAt") AS "lastSeenAt"
      FROM unnest(${keys}::text[], ${seen}::timestamptz[]) AS k("userKey", "lastSeenAt")
      GROUP BY k."userKey"`;
    changed += await upsertMembersFrom(tx, audienceId, origin, users, now);
  }
  return changed;
}
