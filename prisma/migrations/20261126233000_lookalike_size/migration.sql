-- Look-alike audiences: the size (percent of the advertiser's other users), the
-- reason of a failed computation, and when the model last finished.
ALTER TABLE "Audience" ADD COLUMN "lookAlikeSize" INTEGER;
ALTER TABLE "Audience" ADD COLUMN "lookAlikeReason" TEXT;
ALTER TABLE "Audience" ADD COLUMN "lookAlikeBuiltAt" TIMESTAMPTZ(3);
UPDATE "Audience" SET "lookAlikeSize" = 1 WHERE "source" = 'LOOK_ALIKE';
