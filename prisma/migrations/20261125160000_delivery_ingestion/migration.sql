-- Delivery as ingestion receives it (issue #14): the aggregator (exchange),
-- country and device of each hourly row, the bid outcome counters (wins and
-- loss reasons) and the video quartiles, in the facts and the strategy rollup.
ALTER TABLE "DeliveryHourly" ADD COLUMN     "aggregatorId" INTEGER,
ADD COLUMN     "country" VARCHAR(2) NOT NULL DEFAULT '',
ADD COLUMN     "device" VARCHAR(16) NOT NULL DEFAULT '',
ADD COLUMN     "bidsWon" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossBelowFloor" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossOutbid" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossCreativeRejected" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossTimeout" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossOther" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoStarts" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoQ25" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoQ50" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoQ75" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoCompletes" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoSkips" BIGINT NOT NULL DEFAULT 0;

ALTER TABLE "DeliveryStrategyHourly" ADD COLUMN     "bidsWon" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossBelowFloor" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossOutbid" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossCreativeRejected" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossTimeout" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "lossOther" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoStarts" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoQ25" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoQ50" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoQ75" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoCompletes" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "videoSkips" BIGINT NOT NULL DEFAULT 0;

ALTER TABLE "DeliveryHourly" ADD CONSTRAINT "DeliveryHourly_aggregatorId_fkey" FOREIGN KEY ("aggregatorId") REFERENCES "Aggregator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The natural key ingestion replaces a row on. NULLS NOT DISTINCT: a row
-- without a site (an app row) or an aggregator still has exactly one key.
-- It starts with (strategyId, hour), so it also serves the index it replaces.
DROP INDEX "DeliveryHourly_strategyId_hour_idx";
CREATE UNIQUE INDEX "DeliveryHourly_natural_key" ON "DeliveryHourly"("strategyId", "hour", "creativeId", "siteId", "appId", "aggregatorId", "country", "device") NULLS NOT DISTINCT;
