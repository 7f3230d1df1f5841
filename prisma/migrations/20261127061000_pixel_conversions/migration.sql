-- CreateTable
CREATE TABLE "PixelConversionHourly" (
    "hour" TIMESTAMPTZ(0) NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "pixelId" INTEGER NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "creativeId" INTEGER NOT NULL,
    "attribution" VARCHAR(5) NOT NULL,
    "ttcBand" SMALLINT NOT NULL,
    "conversions" INTEGER NOT NULL,
    "secondsToConvert" BIGINT NOT NULL,
    "value" DECIMAL(24,6) NOT NULL DEFAULT 0,

    CONSTRAINT "PixelConversionHourly_pkey" PRIMARY KEY ("pixelId","hour","strategyId","creativeId","attribution","ttcBand")
);

-- CreateIndex
CREATE INDEX "PixelConversionHourly_licenseeId_hour_idx" ON "PixelConversionHourly"("licenseeId", "hour");

