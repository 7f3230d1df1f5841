-- Daily strategy rollup (issue #14): the hourly rollup summed per UTC day.
-- A date range in any timezone reads its whole UTC days from here and only
-- the edge hours (at most 23 at each end) from DeliveryStrategyHourly.
CREATE TABLE "DeliveryStrategyDaily" (
    "day" DATE NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "eligibleBids" BIGINT NOT NULL DEFAULT 0,
    "bidsPlaced" BIGINT NOT NULL DEFAULT 0,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "invalidClicks" BIGINT NOT NULL DEFAULT 0,
    "installs" BIGINT NOT NULL DEFAULT 0,
    "appOpens" BIGINT NOT NULL DEFAULT 0,
    "reEngagements" BIGINT NOT NULL DEFAULT 0,
    "reInstalls" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "clickConversions" BIGINT NOT NULL DEFAULT 0,
    "viewConversions" BIGINT NOT NULL DEFAULT 0,
    "skanViewInstalls" BIGINT NOT NULL DEFAULT 0,
    "skanClickInstalls" BIGINT NOT NULL DEFAULT 0,
    "eligibleUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "impressionUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "clickUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "installUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "conversionUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "appOpenUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "userReach" BIGINT NOT NULL DEFAULT 0,
    "totalUU" BIGINT NOT NULL DEFAULT 0,
    "dailyUU" BIGINT NOT NULL DEFAULT 0,
    "bidsWon" BIGINT NOT NULL DEFAULT 0,
    "lossBelowFloor" BIGINT NOT NULL DEFAULT 0,
    "lossOutbid" BIGINT NOT NULL DEFAULT 0,
    "lossCreativeRejected" BIGINT NOT NULL DEFAULT 0,
    "lossTimeout" BIGINT NOT NULL DEFAULT 0,
    "lossOther" BIGINT NOT NULL DEFAULT 0,
    "videoStarts" BIGINT NOT NULL DEFAULT 0,
    "videoQ25" BIGINT NOT NULL DEFAULT 0,
    "videoQ50" BIGINT NOT NULL DEFAULT 0,
    "videoQ75" BIGINT NOT NULL DEFAULT 0,
    "videoCompletes" BIGINT NOT NULL DEFAULT 0,
    "videoSkips" BIGINT NOT NULL DEFAULT 0,
    "revenue" NUMERIC(18,6) NOT NULL DEFAULT 0,
    "cost" NUMERIC(18,6) NOT NULL DEFAULT 0,
    "advRevenue" NUMERIC(18,6) NOT NULL DEFAULT 0,
    CONSTRAINT "DeliveryStrategyDaily_pkey" PRIMARY KEY ("strategyId", "day")
);
CREATE INDEX "DeliveryStrategyDaily_licenseeId_day_idx" ON "DeliveryStrategyDaily"("licenseeId", "day");
CREATE INDEX "DeliveryStrategyDaily_campaignId_day_idx" ON "DeliveryStrategyDaily"("campaignId", "day");
CREATE INDEX "DeliveryStrategyDaily_advertiserId_day_idx" ON "DeliveryStrategyDaily"("advertiserId", "day");

-- Kept in step by statement-level triggers on the hourly rollup: whatever
-- writes hours (ingestion, the rollup refresh, the seed, a test) rebuilds the
-- strategy-days it touched from all their hours, in the same transaction.
CREATE FUNCTION delivery_daily_rebuild(sids INTEGER[], days DATE[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "DeliveryStrategyDaily" t USING unnest(sids, days) AS k(sid, d)
    WHERE t."strategyId" = k.sid AND t."day" = k.d;
  INSERT INTO "DeliveryStrategyDaily" ("day", "licenseeId", "advertiserId", "campaignId", "strategyId", "eligibleBids", "bidsPlaced", "impressions", "clicks", "invalidClicks", "installs", "appOpens", "reEngagements", "reInstalls", "conversions", "clickConversions", "viewConversions", "skanViewInstalls", "skanClickInstalls", "eligibleUniqUsers", "impressionUniqUsers", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers", "userReach", "totalUU", "dailyUU", "bidsWon", "lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther", "videoStarts", "videoQ25", "videoQ50", "videoQ75", "videoCompletes", "videoSkips", "revenue", "cost", "advRevenue")
  SELECT k.d, min(h."licenseeId"), min(h."advertiserId"), min(h."campaignId"), k.sid, sum(h."eligibleBids"), sum(h."bidsPlaced"), sum(h."impressions"), sum(h."clicks"), sum(h."invalidClicks"), sum(h."installs"), sum(h."appOpens"), sum(h."reEngagements"), sum(h."reInstalls"), sum(h."conversions"), sum(h."clickConversions"), sum(h."viewConversions"), sum(h."skanViewInstalls"), sum(h."skanClickInstalls"), sum(h."eligibleUniqUsers"), sum(h."impressionUniqUsers"), sum(h."clickUniqUsers"), sum(h."installUniqUsers"), sum(h."conversionUniqUsers"), sum(h."appOpenUniqUsers"), sum(h."userReach"), sum(h."totalUU"), sum(h."dailyUU"), sum(h."bidsWon"), sum(h."lossBelowFloor"), sum(h."lossOutbid"), sum(h."lossCreativeRejected"), sum(h."lossTimeout"), sum(h."lossOther"), sum(h."videoStarts"), sum(h."videoQ25"), sum(h."videoQ50"), sum(h."videoQ75"), sum(h."videoCompletes"), sum(h."videoSkips"), sum(h."revenue"), sum(h."cost"), sum(h."advRevenue")
  FROM unnest(sids, days) AS k(sid, d)
  JOIN "DeliveryStrategyHourly" h ON h."strategyId" = k.sid
    AND h."hour" >= (k.d::timestamp AT TIME ZONE 'UTC') AND h."hour" < ((k.d + 1)::timestamp AT TIME ZONE 'UTC')
  GROUP BY k.d, k.sid;
$$;

CREATE FUNCTION delivery_daily_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM delivery_daily_rebuild(array_agg(sid), array_agg(d))
    FROM (SELECT DISTINCT "strategyId" AS sid, ("hour" AT TIME ZONE 'UTC')::date AS d FROM new_hours) k;
  RETURN NULL;
END $$;

CREATE FUNCTION delivery_daily_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM delivery_daily_rebuild(array_agg(sid), array_agg(d))
    FROM (SELECT "strategyId" AS sid, ("hour" AT TIME ZONE 'UTC')::date AS d FROM new_hours
          UNION SELECT "strategyId", ("hour" AT TIME ZONE 'UTC')::date FROM old_hours) k;
  RETURN NULL;
END $$;

CREATE FUNCTION delivery_daily_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM delivery_daily_rebuild(array_agg(sid), array_agg(d))
    FROM (SELECT DISTINCT "strategyId" AS sid, ("hour" AT TIME ZONE 'UTC')::date AS d FROM old_hours) k;
  RETURN NULL;
END $$;

CREATE TRIGGER delivery_daily_insert AFTER INSERT ON "DeliveryStrategyHourly"
  REFERENCING NEW TABLE AS new_hours FOR EACH STATEMENT EXECUTE FUNCTION delivery_daily_after_insert();
CREATE TRIGGER delivery_daily_update AFTER UPDATE ON "DeliveryStrategyHourly"
  REFERENCING OLD TABLE AS old_hours NEW TABLE AS new_hours FOR EACH STATEMENT EXECUTE FUNCTION delivery_daily_after_update();
CREATE TRIGGER delivery_daily_delete AFTER DELETE ON "DeliveryStrategyHourly"
  REFERENCING OLD TABLE AS old_hours FOR EACH STATEMENT EXECUTE FUNCTION delivery_daily_after_delete();

-- What is already stored.
INSERT INTO "DeliveryStrategyDaily" ("day", "licenseeId", "advertiserId", "campaignId", "strategyId", "eligibleBids", "bidsPlaced", "impressions", "clicks", "invalidClicks", "installs", "appOpens", "reEngagements", "reInstalls", "conversions", "clickConversions", "viewConversions", "skanViewInstalls", "skanClickInstalls", "eligibleUniqUsers", "impressionUniqUsers", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers", "userReach", "totalUU", "dailyUU", "bidsWon", "lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther", "videoStarts", "videoQ25", "videoQ50", "videoQ75", "videoCompletes", "videoSkips", "revenue", "cost", "advRevenue")
SELECT ("hour" AT TIME ZONE 'UTC')::date, min("licenseeId"), min("advertiserId"), min("campaignId"), "strategyId", sum("eligibleBids"), sum("bidsPlaced"), sum("impressions"), sum("clicks"), sum("invalidClicks"), sum("installs"), sum("appOpens"), sum("reEngagements"), sum("reInstalls"), sum("conversions"), sum("clickConversions"), sum("viewConversions"), sum("skanViewInstalls"), sum("skanClickInstalls"), sum("eligibleUniqUsers"), sum("impressionUniqUsers"), sum("clickUniqUsers"), sum("installUniqUsers"), sum("conversionUniqUsers"), sum("appOpenUniqUsers"), sum("userReach"), sum("totalUU"), sum("dailyUU"), sum("bidsWon"), sum("lossBelowFloor"), sum("lossOutbid"), sum("lossCreativeRejected"), sum("lossTimeout"), sum("lossOther"), sum("videoStarts"), sum("videoQ25"), sum("videoQ50"), sum("videoQ75"), sum("videoCompletes"), sum("videoSkips"), sum("revenue"), sum("cost"), sum("advRevenue")
FROM "DeliveryStrategyHourly" GROUP BY 1, "strategyId";
