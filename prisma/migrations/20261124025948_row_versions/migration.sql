-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "AudienceRule" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "AudienceBackfillRule" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "AudienceRemoteSchedule" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "ExperimentArm" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;


-- Theme.palette selects one of five colour palettes; Prisma cannot express a
-- CHECK constraint, so it lives only here (and is not diffed by migrate diff).
ALTER TABLE "Theme" ADD CONSTRAINT "Theme_palette_check" CHECK ("palette" BETWEEN 1 AND 5);
