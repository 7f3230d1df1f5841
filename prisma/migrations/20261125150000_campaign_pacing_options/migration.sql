-- AlterTable
-- The budget spends (6, 12, 18) and cooling period (2 to 7) the campaign form
-- offers with budget pacing (business.md 9): stored, so what a user chose
-- comes back in the form, the details and the API.
ALTER TABLE "Campaign" ADD COLUMN     "budgetSpends" INTEGER,
ADD COLUMN     "coolingPeriod" INTEGER;
