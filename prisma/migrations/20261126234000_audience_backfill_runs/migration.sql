-- Backfill rules' runs: the status of the last run, when it finished, how many
-- users it matched, why it failed, and when a DAILY or WEEKLY rule runs next.
ALTER TABLE "AudienceBackfillRule" ADD COLUMN "runStatus" VARCHAR(16) NOT NULL DEFAULT 'QUEUED',
ADD COLUMN "lastRunAt" TIMESTAMPTZ(3),
ADD COLUMN "lastRunUsers" INTEGER,
ADD COLUMN "lastRunError" TEXT,
ADD COLUMN "nextRunAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "AudienceBackfillRule_audienceId_active_idx" ON "AudienceBackfillRule"("audienceId", "active");
