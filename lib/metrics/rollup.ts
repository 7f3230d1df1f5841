// Rebuilds DeliveryStrategyHourly (facts summed over creative and site/app)
// for a licensee and/or hour range. Lists and charts read the rollup: one row
// per strategy-hour however many creatives, sites and apps delivered in it.
import type { RawSql } from "../db/connect";

export interface RollupRange {
  licenseeId?: number;
  /** Inclusive; hours before it are left alone. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export const ROLLUP_METRICS = [
  "eligibleBids", "bidsPlaced", "impressions", "clicks", "invalidClicks", "installs", "appOpens", "reEngagements",
  "reInstalls", "conversions", "clickConversions", "viewConversions", "skanViewInstalls", "skanClickInstalls",
  "eligibleUniqUsers", "impressionUniqUsers", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers",
  "appOpenUniqUsers", "userReach", "totalUU", "dailyUU",
  // Bid outcomes and video quartiles (delivered by ingestion; the seed leaves them 0).
  "bidsWon", "lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther",
  "videoStarts", "videoQ25", "videoQ50", "videoQ75", "videoCompletes", "videoSkips",
  "revenue", "cost", "advRevenue",
] as const;

/** The money columns (NUMERIC(18,6)); every other metric column is a count. */
export const MONEY_METRICS = ["revenue", "cost", "advRevenue"] as const;

// The statements are sent as one simple-protocol message (exec), which
// PostgreSQL and PGlite run as a single transaction: readers never see the
// range half deleted. exec takes no parameters, so the range is rendered
// here from values checked to be an integer and valid dates.
function whereClause(range: RollupRange): string {
  const parts: string[] = [];
  if (range.licenseeId !== undefined) {
    if (!Number.isSafeInteger(range.licenseeId)) throw new Error("refreshStrategyRollup: licenseeId must be an integer");
    parts.push(`"licenseeId" = ${range.licenseeId}`);
  }
  for (const [key, op] of [["from", ">="], ["to", "<"]] as const) {
    const d = range[key];
    if (d === undefined) continue;
    if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw new Error(`refreshStrategyRollup: ${key} must be a valid Date`);
    parts.push(`"hour" ${op} '${d.toISOString()}'::timestamptz`);
  }
  return parts.length ? `WHERE ${parts.join(" AND ")}` : "";
}

export async function refreshStrategyRollup(raw: RawSql, opts: RollupRange = {}): Promise<void> {
  const where = whereClause(opts);
  const cols = ROLLUP_METRICS.map((c) => `"${c}"`);
  await raw.exec(`
DELETE FROM "DeliveryStrategyHourly" ${where};
INSERT INTO "DeliveryStrategyHourly" ("hour", "licenseeId", "advertiserId", "campaignId", "strategyId", ${cols.join(", ")})
SELECT "hour", "licenseeId", "advertiserId", "campaignId", "strategyId", ${cols.map((c) => `sum(${c})`).join(", ")}
FROM "DeliveryHourly" ${where}
GROUP BY "hour", "licenseeId", "advertiserId", "campaignId", "strategyId";`);
}
