-- AlterTable
ALTER TABLE "LoginThrottle" ADD COLUMN     "expiresAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "lockedUntil" TIMESTAMPTZ(3),
ADD COLUMN     "lockouts" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "LoginThrottle_expiresAt_idx" ON "LoginThrottle"("expiresAt");


-- Backfill: the rows that exist are captcha counters with a 15-minute window.
UPDATE "LoginThrottle" SET "expiresAt" = "windowStart" + interval '15 minutes';
