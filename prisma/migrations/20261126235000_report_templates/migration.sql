
-- CreateEnum
CREATE TYPE "ReportFrequency" AS ENUM ('DAILY', 'WEEKLY', 'MONTHLY');

-- CreateEnum
CREATE TYPE "ReportFileFormat" AS ENUM ('CSV', 'XLSX');

-- CreateEnum
CREATE TYPE "ReportRunStatus" AS ENUM ('RUNNING', 'SENT', 'FAILED');

-- CreateTable
CREATE TABLE "ReportTemplate" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "description" VARCHAR(500),
    "reportType" VARCHAR(32) NOT NULL,
    "definition" JSONB NOT NULL,
    "frequency" "ReportFrequency",
    "timeOfDay" VARCHAR(5),
    "dayOfWeek" INTEGER,
    "dayOfMonth" INTEGER,
    "timezone" VARCHAR(64),
    "recipients" TEXT[],
    "fileFormat" "ReportFileFormat" NOT NULL DEFAULT 'CSV',
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "nextRunAt" TIMESTAMPTZ(3),
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ReportTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReportRun" (
    "id" SERIAL NOT NULL,
    "templateId" INTEGER NOT NULL,
    "slot" TIMESTAMPTZ(3) NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "status" "ReportRunStatus" NOT NULL DEFAULT 'RUNNING',
    "rows" INTEGER,
    "error" VARCHAR(500),
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ReportRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReportTemplate_licenseeId_isArchived_idx" ON "ReportTemplate"("licenseeId", "isArchived");

-- CreateIndex
CREATE INDEX "ReportTemplate_nextRunAt_idx" ON "ReportTemplate"("nextRunAt");

-- CreateIndex
CREATE INDEX "ReportRun_templateId_startedAt_idx" ON "ReportRun"("templateId", "startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReportRun_templateId_slot_key" ON "ReportRun"("templateId", "slot");

-- AddForeignKey
ALTER TABLE "ReportTemplate" ADD CONSTRAINT "ReportTemplate_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportTemplate" ADD CONSTRAINT "ReportTemplate_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportRun" ADD CONSTRAINT "ReportRun_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "ReportTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- AlterEnum
ALTER TYPE "EntityType" ADD VALUE 'REPORT_TEMPLATE';
