-- AlterTable
ALTER TABLE "CatalogFeed" ADD COLUMN     "sftpHostKeySha256" TEXT,
ADD COLUMN     "sftpNewHostKeySha256" TEXT,
ADD COLUMN     "sourcePasswordEncrypted" TEXT;

-- Passwords stored inside "sourceUrl" by earlier versions (ftp://user:password@host/...) cannot be
-- encrypted here (SQL has no access to the key): the catalog refresh sweep (lib/catalog/legacy.ts,
-- every 5 minutes) moves each into "sourcePasswordEncrypted" and strips it from the link, and every
-- read of a feed's credentials until then understands both forms.
