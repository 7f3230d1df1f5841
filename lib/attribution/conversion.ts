// Credits a recorded pixel fire to the click or impression whose id it
// carried (./rules.ts decides which may take it), inside the fire's
// transaction (lib/pixels/fire.ts), through the tenant client of the pixel's
// licensee (so every statement is placed in that licensee).
//
// A credited conversion adds 1 to conversions and to clickConversions or
// viewConversions, and the fire's value to advRevenue ("revenue the
// advertiser reports from attributed users", lib/metrics/catalogue.ts: what
// ROI divides by spend), for the id's strategy and creative in the UTC hour of
// the fire:
// - in DeliveryHourly, as the row of source 'pixel' of that strategy, creative
//   and hour (no site, app, aggregator, country or device). Ingestion writes
//   source '' and replaces only its own rows on the natural key, so a replayed
//   batch never erases or doubles pixel conversions; and a rollup rebuilt
//   from the facts of an hour (ingestion) includes them;
// - in DeliveryStrategyHourly, the strategy-hour the lists read (the daily
//   and running rollups follow it by triggers).
// - in PixelConversionHourly, by pixel, attribution and time to convert (the
//   conversion report's pixel tables: delivery does not know the pixel).
// All are upserts that ADD (x = x + excluded.x), never read-modify-write, so
// two fires at once both count: the second waits for the first's row lock
// and adds to what it committed. The strategy's delivery lock
// (lib/delivery/locks.ts), taken just before, serializes conversions and
// ingestion batches of one strategy: the triggers under
// DeliveryStrategyHourly rebuild whole strategy-days and running totals.
// Free of server-only imports, as lib/delivery/apply.ts: the demo seed (plain
// Node, lib/seed/pixel-conversions.ts) credits its fires through it too.
import { LICENSEE_PARAM, type TenantTx } from "../data/tenant";
import { lockStrategies } from "../delivery/locks";
import type { AdTouch } from "./id";
import { conversionKindOf, eligibleTouches, userCap, type ConversionKind, type PixelRules } from "./rules";
import { secondsToConvert, timeToConvertBand } from "./time-to-convert";

/** The pixel a fire was recorded for. */
export interface FiredPixel extends PixelRules {
  id: number;
  advertiserId: number;
}

export interface FireToAttribute {
  pixel: FiredPixel;
  /** Verified ids the fire carried (lib/attribution/id.ts). */
  touches: readonly AdTouch[];
  firedAt: Date;
  /** The fire's value (exact decimal text), or null. */
  value: string | null;
}

const HOUR_MS = 3_600_000;
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** The campaign of each candidate whose strategy and creative are of the pixel's advertiser (and licensee). */
async function campaignsOfOwnTouches(tx: TenantTx, advertiserId: number, touches: AdTouch[]): Promise<Map<string, number>> {
  const rows = await tx.$queryRaw<Array<{ strategyId: number; creativeId: number; campaignId: number }>>`
    SELECT s."id" AS "strategyId", c."id" AS "creativeId", s."campaignId"
    FROM unnest(${touches.map((t) => String(t.strategyId))}::text[]::int[], ${touches.map((t) => String(t.creativeId))}::text[]::int[]) AS k(sid, cid)
    JOIN "Strategy" s ON s."id" = k.sid AND s."licenseeId" = ${LICENSEE_PARAM} AND s."advertiserId" = ${advertiserId}::int
    JOIN "Creative" c ON c."id" = k.cid AND c."licenseeId" = ${LICENSEE_PARAM} AND c."advertiserId" = ${advertiserId}::int`;
  return new Map(rows.map((r) => [`${r.strategyId}:${r.creativeId}`, Number(r.campaignId)]));
}

/**
 * Counts one conversion of `userKey` against the pixel's cap, if there is
 * room. One row per pixel and user holds the open window (its end and its
 * count); the upsert either opens a new window (none yet, or the last one
 * ended), adds to the open one while below the limit, or changes nothing
 * (over the cap: 0 rows). Concurrent fires of one user queue on the row, and
 * PostgreSQL re-checks the WHERE on the row the first one committed, so the
 * cap holds under concurrency. Expired rows are pruned by the pixel-fire
 * rollup job (lib/pixels/rollup.ts).
 */
async function claimWithinCap(tx: TenantTx, pixel: FiredPixel, userKey: string, firedAt: Date): Promise<boolean> {
  const cap = userCap(pixel);
  if (!cap) return true;
  if (cap.limit <= 0) return false;
  const windowEndsAt = cap.seconds === null ? null : new Date(firedAt.getTime() + cap.seconds * 1000);
  const claimed = await tx.$executeRaw`
    INSERT INTO "PixelUserCap" AS c ("pixelId", "userKey", "licenseeId", "conversions", "windowEndsAt")
    VALUES (${pixel.id}::int, ${userKey}::varchar(24), ${LICENSEE_PARAM}::int, 1, ${windowEndsAt}::timestamptz)
    ON CONFLICT ("pixelId", "userKey") DO UPDATE SET
      "conversions" = CASE WHEN c."windowEndsAt" <= ${firedAt}::timestamptz THEN 1 ELSE c."conversions" + 1 END,
      "windowEndsAt" = CASE WHEN c."windowEndsAt" <= ${firedAt}::timestamptz THEN excluded."windowEndsAt" ELSE c."windowEndsAt" END
    WHERE c."windowEndsAt" <= ${firedAt}::timestamptz OR c."conversions" < ${cap.limit}::int`;
  return claimed === 1;
}

interface Conversion {
  touch: AdTouch;
  pixelId: number;
  advertiserId: number;
  campaignId: number;
  firedAt: Date;
  value: string | null;
}

/** Adds the conversion to its pixel's row: attribution and time to convert. */
async function addPixelConversion(tx: TenantTx, c: Conversion): Promise<void> {
  const seconds = secondsToConvert(c.touch.at, c.firedAt);
  await tx.$executeRaw`
    INSERT INTO "PixelConversionHourly" AS p ("hour", "licenseeId", "advertiserId", "pixelId", "campaignId", "strategyId", "creativeId",
      "attribution", "ttcBand", "conversions", "secondsToConvert", "value")
    VALUES (${hourOf(c.firedAt)}::timestamptz, ${LICENSEE_PARAM}::int, ${c.advertiserId}::int, ${c.pixelId}::int, ${c.campaignId}::int,
      ${c.touch.strategyId}::int, ${c.touch.creativeId}::int, ${conversionKindOf(c.touch)}::varchar(5), ${timeToConvertBand(seconds)}::smallint,
      1, ${seconds}::bigint, COALESCE(${c.value}::numeric, 0))
    ON CONFLICT ("pixelId", "hour", "strategyId", "creativeId", "attribution", "ttcBand") DO UPDATE SET
      "conversions" = p."conversions" + excluded."conversions",
      "secondsToConvert" = p."secondsToConvert" + excluded."secondsToConvert",
      "value" = p."value" + excluded."value"`;
}

/** Adds the conversion to the hour's pixel fact row and to the strategy-hour of the rollup, in one statement. */
async function addConversion(tx: TenantTx, c: Conversion): Promise<void> {
  const hour = hourOf(c.firedAt);
  const click = c.touch.kind === "click" ? 1 : 0;
  const view = 1 - click;
  await lockStrategies(tx, [c.touch.strategyId]);
  // The conflict target is the natural key (the unique index DeliveryHourly_natural_key, NULLs equal).
  await tx.$executeRaw`
    WITH fact AS (
      INSERT INTO "DeliveryHourly" AS f ("hour", "licenseeId", "advertiserId", "campaignId", "strategyId", "creativeId", "source",
        "conversions", "clickConversions", "viewConversions", "advRevenue")
      VALUES (${hour}::timestamptz, ${LICENSEE_PARAM}::int, ${c.advertiserId}::int, ${c.campaignId}::int, ${c.touch.strategyId}::int, ${c.touch.creativeId}::int, 'pixel',
        1, ${click}::bigint, ${view}::bigint, COALESCE(${c.value}::numeric, 0))
      ON CONFLICT ("strategyId", "hour", "creativeId", "siteId", "appId", "aggregatorId", "country", "device", "source") DO UPDATE SET
        "conversions" = f."conversions" + excluded."conversions",
        "clickConversions" = f."clickConversions" + excluded."clickConversions",
        "viewConversions" = f."viewConversions" + excluded."viewConversions",
        "advRevenue" = f."advRevenue" + excluded."advRevenue"
      RETURNING f."hour", f."licenseeId", f."advertiserId", f."campaignId", f."strategyId"
    )
    INSERT INTO "DeliveryStrategyHourly" AS r ("hour", "licenseeId", "advertiserId", "campaignId", "strategyId",
      "conversions", "clickConversions", "viewConversions", "advRevenue")
    SELECT fact."hour", fact."licenseeId", fact."advertiserId", fact."campaignId", fact."strategyId",
      1, ${click}::bigint, ${view}::bigint, COALESCE(${c.value}::numeric, 0)
    FROM fact
    ON CONFLICT ("strategyId", "hour") DO UPDATE SET
      "conversions" = r."conversions" + excluded."conversions",
      "clickConversions" = r."clickConversions" + excluded."clickConversions",
      "viewConversions" = r."viewConversions" + excluded."viewConversions",
      "advRevenue" = r."advRevenue" + excluded."advRevenue"`;
}

/**
 * Credits the fire to the first touch that may take it (a click before an
 * impression) whose strategy and creative are of the pixel's advertiser; an
 * id of another advertiser or licensee is ignored. Over the per-user cap the
 * fire stays recorded but is credited to nothing. Returns what was credited.
 */
export async function attributeFire(tx: TenantTx, fire: FireToAttribute): Promise<ConversionKind | null> {
  const candidates = eligibleTouches(fire.pixel, fire.touches, fire.firedAt);
  if (candidates.length === 0) return null;
  const campaigns = await campaignsOfOwnTouches(tx, fire.pixel.advertiserId, candidates);
  const touch = candidates.find((t) => campaigns.has(`${t.strategyId}:${t.creativeId}`));
  if (!touch) return null;
  if (!(await claimWithinCap(tx, fire.pixel, touch.userKey, fire.firedAt))) return null;
  const campaignId = campaigns.get(`${touch.strategyId}:${touch.creativeId}`)!;
  const conversion: Conversion = { touch, pixelId: fire.pixel.id, advertiserId: fire.pixel.advertiserId, campaignId, firedAt: fire.firedAt, value: fire.value };
  await addConversion(tx, conversion);
  await addPixelConversion(tx, conversion);
  return conversionKindOf(touch);
}
