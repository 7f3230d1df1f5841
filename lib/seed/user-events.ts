// Demo user events (UserEvent) for every seeded advertiser, and from them the
// members of the seeded rule-based audiences: the events audiences, backfills
// and unique-user counts read. Deterministic from the seed's rng; small (a few
// hundred users per advertiser, a handful of events each, over the last 60
// days) so seeding stays fast. Users are known by userKey only (SHA-256 of a
// made-up device id), like real ones.
import type { PrismaClient } from "../generated/prisma/client";
import { LICENSEE_PARAM, licenseeClient, type TenantClient } from "../data/tenant";
import { userKeyOf } from "../audiences/identifiers";
import { evaluateAudienceRules } from "../audiences/members/rules";
import { addDays, DAY_MS, HOUR_MS, type Rng } from "../random";
import type { SeededLicensee } from "./entities";

const USERS_PER_ADVERTISER = 350;
const LOOKBACK_DAYS = 60;
const CHUNK = 5000;
const CATEGORIES = ["shoes", "jackets", "bags", "sale", "new"];
const REFERRERS = ["https://www.google.com/", "https://news.example/", "https://social.example/feed", null, null];

type EventRow = {
  licenseeId: number;
  advertiserId: number;
  userKey: string;
  identifierType: "ADID";
  event: string;
  pageUrl: string | null;
  referrerUrl: string | null;
  osTypeId: number | null;
  country: string;
  occurredAt: Date;
};

const siteOf = (name: string) => `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}.example`;

/** One user's events: a website visitor, an app user, or both. */
function userEvents(rng: Rng, base: Omit<EventRow, "event" | "pageUrl" | "referrerUrl" | "osTypeId" | "occurredAt">, site: string, today: Date): EventRow[] {
  const out: EventRow[] = [];
  const at = () => new Date(today.getTime() - rng.int(1, LOOKBACK_DAYS * 24) * HOUR_MS + rng.int(0, 59) * 60_000);
  const kind = rng.pick(["web", "web", "app", "both"] as const);
  if (kind !== "app") {
    const views = rng.int(1, 8);
    const referrer = rng.pick(REFERRERS);
    for (let v = 0; v < views; v++) {
      const path = rng.chance(0.5) ? `/product/${rng.int(100, 160)}` : rng.chance(0.6) ? `/category/${rng.pick(CATEGORIES)}` : rng.pick(["/", "/cart", "/checkout"]);
      out.push({ ...base, event: "page_view", pageUrl: `${site}${path}`, referrerUrl: v === 0 ? referrer : null, osTypeId: null, occurredAt: at() });
    }
    if (rng.chance(0.3)) out.push({ ...base, event: "add_to_cart", pageUrl: `${site}/cart`, referrerUrl: null, osTypeId: null, occurredAt: at() });
  }
  if (kind !== "web") {
    const os = rng.chance(0.6) ? 4 : 3;
    const app = (event: string, occurredAt: Date) => ({ ...base, event, pageUrl: null, referrerUrl: null, osTypeId: os, occurredAt });
    const installed = at();
    out.push(app("install", installed));
    const opens = rng.int(0, 6);
    for (let o = 0; o < opens; o++) out.push(app("app_open", new Date(Math.min(today.getTime() - 1, installed.getTime() + rng.int(1, 20 * 24) * HOUR_MS))));
    if (rng.chance(0.35)) out.push(app("af_purchase", new Date(Math.min(today.getTime() - 1, installed.getTime() + rng.int(1, 10 * 24) * HOUR_MS))));
  }
  return out;
}

/**
 * The demo audiences are evaluated once, at the seed's "now", but a live one
 * would have been evaluated daily as its users came: each member joins at its
 * first event within the user expiry before its last sighting (a membership
 * that never lapsed), so the details page's users chart has a history.
 */
async function backdateJoins(tenant: TenantClient, audienceIds: number[]): Promise<void> {
  await tenant.$executeRaw`
    UPDATE "AudienceMember" m SET "addedAt" = f."firstSeenAt"
    FROM (
      SELECT am."audienceId", am."userKey", min(e."occurredAt") AS "firstSeenAt"
      FROM "AudienceMember" am
      JOIN "Audience" a ON a."id" = am."audienceId" AND a."licenseeId" = ${LICENSEE_PARAM}
      JOIN "UserEvent" e ON e."licenseeId" = a."licenseeId" AND e."advertiserId" = a."advertiserId" AND e."userKey" = am."userKey"
        AND e."occurredAt" >= am."lastSeenAt" - make_interval(days => a."userExpiryDays")
      WHERE am."audienceId" = ANY(${audienceIds}::int[])
      GROUP BY am."audienceId", am."userKey"
    ) f
    WHERE m."audienceId" = f."audienceId" AND m."userKey" = f."userKey" AND f."firstSeenAt" < m."addedAt"`;
}

/**
 * Writes the licensee's demo events and computes the members of its
 * rule-based audiences from them (their totalUU and dailyUU then count real
 * members). `client` is the seed's own connection (after the entity
 * transaction, like the optimization rules).
 */
export async function seedUserEvents(client: PrismaClient, rng: Rng, licenseeId: number, key: string, entities: SeededLicensee, today: Date): Promise<{ events: number; members: number }> {
  const rows: EventRow[] = [];
  for (const advertiser of entities.advertisers) {
    const site = siteOf(advertiser.name);
    for (let u = 0; u < USERS_PER_ADVERTISER; u++) {
      const userKey = userKeyOf(`demo-${key}-${advertiser.id}-${u}`, "ADID");
      rows.push(...userEvents(rng, { licenseeId, advertiserId: advertiser.id, userKey, identifierType: "ADID", country: rng.pick(["US", "US", "DE", "GB", "IN"]) }, site, today));
    }
  }
  // One JSON parameter per chunk, expanded in SQL: Prisma's createMany spent
  // ~1.5 s of a seed building and binding ~60,000 parameters for 6,000 rows.
  for (let i = 0; i < rows.length; i += CHUNK) {
    await client.$executeRaw`
      INSERT INTO "UserEvent" ("licenseeId", "advertiserId", "userKey", "identifierType", "event", "pageUrl", "referrerUrl", "osTypeId", "country", "occurredAt")
      SELECT e."licenseeId", e."advertiserId", e."userKey", e."identifierType"::"DeviceIdentifier", e."event", e."pageUrl", e."referrerUrl", e."osTypeId", e."country", e."occurredAt"
      FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + CHUNK))}::jsonb) AS e("licenseeId" int, "advertiserId" int, "userKey" text, "identifierType" text, "event" text, "pageUrl" text, "referrerUrl" text, "osTypeId" int, "country" text, "occurredAt" timestamptz)`;
  }

  // Members as the rule evaluation finds them at the start of today (the demo's "now" for counts).
  const tenant = licenseeClient(client, licenseeId);
  const now = new Date(Math.min(Date.now(), addDays(today, 1).getTime() - DAY_MS / 2));
  let members = 0;
  const ruleBased = await tenant.audience.findMany({ where: { id: { in: entities.audiences.map((a) => a.id) }, kind: "MMP_RULE", source: { in: ["WEBSITE", "MOBILE"] } }, select: { id: true } });
  for (const audience of ruleBased) {
    members += (await tenant.$transaction((tx) => evaluateAudienceRules(tx, audience.id, now), { timeout: 60_000 })).matched;
  }
  await backdateJoins(tenant, ruleBased.map((a) => a.id));
  return { events: rows.length, members };
}
