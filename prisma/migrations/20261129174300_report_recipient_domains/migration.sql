-- Scheduled reports go only to users of the licensee or to addresses at the
-- domains operators allow for it (empty: its users only). Existing templates
-- keep their recipients: the runner checks each one again at send time and
-- skips those no longer allowed (ReportRun.skippedRecipients).
ALTER TABLE "Licensee" ADD COLUMN "reportRecipientDomains" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- A run's skipped recipients, and its file when too large to attach.
ALTER TABLE "ReportRun" ADD COLUMN "skippedRecipients" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "fileKey" VARCHAR(1024);
