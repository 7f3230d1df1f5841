-- CreateEnum
CREATE TYPE "CreativeReviewStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- CreateEnum
CREATE TYPE "MediaConversionStatus" AS ENUM ('QUEUED', 'RUNNING', 'DONE', 'FAILED');

-- AlterTable
ALTER TABLE "CreativeSet" ADD COLUMN     "scheduledTimezoneId" INTEGER;

-- AlterTable
ALTER TABLE "Creative" ADD COLUMN     "adTag" TEXT,
ADD COLUMN     "bitrateKbps" INTEGER,
ADD COLUMN     "durationMs" INTEGER,
ADD COLUMN     "fileSizeBytes" INTEGER,
ADD COLUMN     "htmlEntry" TEXT,
ADD COLUMN     "isPlacebo" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "mimeType" TEXT,
ADD COLUMN     "properties" JSONB,
ADD COLUMN     "storageKey" TEXT,
ADD COLUMN     "vastSummary" JSONB;

-- CreateTable
CREATE TABLE "CreativeReview" (
    "creativeId" INTEGER NOT NULL,
    "aggregatorId" INTEGER NOT NULL,
    "status" "CreativeReviewStatus" NOT NULL DEFAULT 'PENDING',
    "reason" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CreativeReview_pkey" PRIMARY KEY ("creativeId","aggregatorId")
);

-- CreateTable
CREATE TABLE "MediaConversion" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "status" "MediaConversionStatus" NOT NULL DEFAULT 'QUEUED',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "creativeId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MediaConversion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CreativeReview_aggregatorId_status_idx" ON "CreativeReview"("aggregatorId", "status");

-- CreateIndex
CREATE INDEX "MediaConversion_licenseeId_advertiserId_createdAt_idx" ON "MediaConversion"("licenseeId", "advertiserId", "createdAt");

-- AddForeignKey
ALTER TABLE "CreativeReview" ADD CONSTRAINT "CreativeReview_creativeId_fkey" FOREIGN KEY ("creativeId") REFERENCES "Creative"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreativeReview" ADD CONSTRAINT "CreativeReview_aggregatorId_fkey" FOREIGN KEY ("aggregatorId") REFERENCES "Aggregator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MediaConversion" ADD CONSTRAINT "MediaConversion_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MediaConversion" ADD CONSTRAINT "MediaConversion_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

