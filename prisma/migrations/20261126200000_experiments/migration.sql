-- CreateEnum
CREATE TYPE "ExperimentMetric" AS ENUM ('CTR', 'INSTALL_RATE', 'CONVERSION_RATE');

-- AlterTable
ALTER TABLE "Experiment" ADD COLUMN     "description" TEXT,
ADD COLUMN     "metric" "ExperimentMetric" NOT NULL DEFAULT 'CTR',
ADD COLUMN     "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "Experiment_licenseeId_campaignId_idx" ON "Experiment"("licenseeId", "campaignId");

