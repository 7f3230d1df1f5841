-- Remote upload schedules of CRM audiences: the encrypted password, the pinned
-- SFTP host key, the last sync's outcome and when the sweep runs it next.
ALTER TABLE "AudienceRemoteSchedule" ADD COLUMN "passwordEncrypted" TEXT,
ADD COLUMN "hostKeySha256" TEXT,
ADD COLUMN "lastSyncStatus" TEXT,
ADD COLUMN "nextRunAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "AudienceRemoteSchedule_nextRunAt_idx" ON "AudienceRemoteSchedule"("nextRunAt");
