-- Ingestion writes batches of 100,000 facts (issue #14: applied in under
-- 10 s). A fact's advertiser and campaign are its strategy's, filled in from
-- the strategy row on the server, never taken from input: their foreign keys
-- checked every row again what the strategy's key already holds (a third of
-- the insert's time, measured). The strategy's, creative's and inventory's
-- keys stay.
ALTER TABLE "DeliveryHourly" DROP CONSTRAINT "DeliveryHourly_advertiserId_fkey";
ALTER TABLE "DeliveryHourly" DROP CONSTRAINT "DeliveryHourly_campaignId_fkey";

-- Nothing reads facts by campaign or advertiser: lists and charts read the
-- rollups, the optimization rule run reads a strategy's facts (natural key).
DROP INDEX "DeliveryHourly_campaignId_hour_idx";
DROP INDEX "DeliveryHourly_advertiserId_hour_idx";
