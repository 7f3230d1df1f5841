-- CreateEnum
CREATE TYPE "ApiKeyScope" AS ENUM ('READ_ONLY', 'READ_WRITE');

-- AlterTable
-- Keys made before expiry existed keep working for the default 90 days from
-- this migration (not from their creation: that could cut off a running
-- integration without warning); they keep their read-write power.
ALTER TABLE "ApiKey" ADD COLUMN     "expiresAt" TIMESTAMPTZ(3) NOT NULL DEFAULT (CURRENT_TIMESTAMP + interval '90 days'),
ADD COLUMN     "scope" "ApiKeyScope" NOT NULL DEFAULT 'READ_WRITE';
ALTER TABLE "ApiKey" ALTER COLUMN "expiresAt" DROP DEFAULT;

-- AlterTable
-- The default is volatile, so PostgreSQL evaluates it once per existing row:
-- this also backfills every existing pixel with its own random key.
ALTER TABLE "Pixel" ADD COLUMN     "publicKey" VARCHAR(32) NOT NULL DEFAULT rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=');

-- AlterTable
ALTER TABLE "Pixel" ADD COLUMN     "idUrlAccepted" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "PixelFireDaily" (
    "pixelId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "fires" INTEGER NOT NULL,
    "valueSum" DECIMAL(24,6) NOT NULL DEFAULT 0,

    CONSTRAINT "PixelFireDaily_pkey" PRIMARY KEY ("pixelId","day")
);

-- CreateTable
CREATE TABLE "PixelFireOrder" (
    "pixelId" INTEGER NOT NULL,
    "orderId" VARCHAR(128) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PixelFireOrder_pkey" PRIMARY KEY ("pixelId","orderId")
);

-- CreateIndex
CREATE INDEX "PixelFireOrder_expiresAt_idx" ON "PixelFireOrder"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Pixel_publicKey_key" ON "Pixel"("publicKey");

-- CreateIndex
CREATE INDEX "PixelFire_firedAt_idx" ON "PixelFire"("firedAt");

-- AddForeignKey
ALTER TABLE "PixelFireDaily" ADD CONSTRAINT "PixelFireDaily_pixelId_fkey" FOREIGN KEY ("pixelId") REFERENCES "Pixel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PixelFireOrder" ADD CONSTRAINT "PixelFireOrder_pixelId_fkey" FOREIGN KEY ("pixelId") REFERENCES "Pixel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Backfill: every pixel that exists now may have tags that name it by id; those keep working.
-- Pixels created from now on are reached by their public key only.
UPDATE "Pixel" SET "idUrlAccepted" = true;
