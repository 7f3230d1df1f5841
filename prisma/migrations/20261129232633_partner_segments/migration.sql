-- AlterEnum
ALTER TYPE "EntityType" ADD VALUE 'PARTNER_SEGMENT';

-- AlterTable
ALTER TABLE "Audience" ADD COLUMN     "partnerSegmentId" INTEGER;

-- CreateTable
CREATE TABLE "PartnerSegment" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "provider" VARCHAR(100) NOT NULL,
    "providerSegmentId" VARCHAR(100) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "taxonomyPath" VARCHAR(500) NOT NULL,
    "size" BIGINT NOT NULL DEFAULT 0,
    "cpm" DECIMAL(18,6) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PartnerSegment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PartnerSegment_licenseeId_name_idx" ON "PartnerSegment"("licenseeId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "PartnerSegment_licenseeId_provider_providerSegmentId_key" ON "PartnerSegment"("licenseeId", "provider", "providerSegmentId");

-- AddForeignKey
ALTER TABLE "Audience" ADD CONSTRAINT "Audience_partnerSegmentId_fkey" FOREIGN KEY ("partnerSegmentId") REFERENCES "PartnerSegment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PartnerSegment" ADD CONSTRAINT "PartnerSegment_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- A segment's name and size show in the audience list and details (cached
-- pages): its changes are recorded like every licensee table's
-- (migration 20261127091500_page_changes).
CREATE TRIGGER data_change_insert AFTER INSERT ON "PartnerSegment" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record();
CREATE TRIGGER data_change_update AFTER UPDATE ON "PartnerSegment" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record();
CREATE TRIGGER data_change_delete AFTER DELETE ON "PartnerSegment" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record();
CREATE TRIGGER data_change_truncate AFTER TRUNCATE ON "PartnerSegment" FOR EACH STATEMENT EXECUTE FUNCTION data_change_truncated();
