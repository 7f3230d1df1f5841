-- AlterTable
-- The SKAD target privilege of a licensee (business.md 4, shell.md 7): off
-- unless granted; the seed grants it to the demo licensees.
ALTER TABLE "Licensee" ADD COLUMN     "skadTargetAllowed" BOOLEAN NOT NULL DEFAULT false;

