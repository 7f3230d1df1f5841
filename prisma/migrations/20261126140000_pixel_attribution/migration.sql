-- Pixel attribution (issue #14): conversions credited by the pixel endpoint
-- are delivery facts of their own source, and a per-user cap window.

-- Where a fact row comes from: '' ingestion (POST /api/v1/delivery, the
-- simulator, the seed), 'pixel' conversions the pixel endpoint attributed to
-- a click or an impression (lib/attribution/conversion.ts). Part of the
-- natural key, so an ingestion replay, which replaces its own rows on that
-- key, never erases or doubles pixel conversions of the same hour.
ALTER TABLE "DeliveryHourly" ADD COLUMN "source" VARCHAR(16) NOT NULL DEFAULT '';

DROP INDEX "DeliveryHourly_natural_key";
-- NULLS NOT DISTINCT as before: a row without a site or app has one key.
CREATE UNIQUE INDEX "DeliveryHourly_natural_key" ON "DeliveryHourly"("strategyId", "hour", "creativeId", "siteId", "appId", "aggregatorId", "country", "device", "source") NULLS NOT DISTINCT;

-- The open per-user cap window of a pixel (Pixel.userFcap conversions per
-- fcapDuration seconds): one row per pixel and user key (a keyed hash of the
-- device id, lib/attribution/id.ts), claimed by one atomic upsert per credited
-- conversion. windowEndsAt NULL: the pixel caps without a duration, the
-- window never ends. Expired rows are deleted by the daily pixel-fire rollup
-- job. No foreign keys, like the delivery rollups: written on the hot path of
-- the public endpoint, pixels are archived rather than deleted.
CREATE TABLE "PixelUserCap" (
    "pixelId" INTEGER NOT NULL,
    "userKey" VARCHAR(24) NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "conversions" INTEGER NOT NULL,
    "windowEndsAt" TIMESTAMPTZ(3),
    CONSTRAINT "PixelUserCap_pkey" PRIMARY KEY ("pixelId", "userKey")
);
CREATE INDEX "PixelUserCap_windowEndsAt_idx" ON "PixelUserCap"("windowEndsAt");
