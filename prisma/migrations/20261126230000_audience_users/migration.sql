
-- CreateTable
CREATE TABLE "UserEvent" (
    "id" BIGSERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "userKey" VARCHAR(64) NOT NULL,
    "identifierType" "DeviceIdentifier" NOT NULL DEFAULT 'ADID',
    "event" VARCHAR(64) NOT NULL,
    "pageUrl" VARCHAR(2048),
    "referrerUrl" VARCHAR(2048),
    "osTypeId" INTEGER,
    "country" VARCHAR(2) NOT NULL DEFAULT '',
    "value" DECIMAL(18,6),
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "UserEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AudienceMember" (
    "audienceId" INTEGER NOT NULL,
    "userKey" VARCHAR(64) NOT NULL,
    "origin" VARCHAR(16) NOT NULL,
    "addedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AudienceMember_pkey" PRIMARY KEY ("audienceId","userKey")
);

-- CreateTable
CREATE TABLE "AudienceDailyUsers" (
    "audienceId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "users" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AudienceDailyUsers_pkey" PRIMARY KEY ("audienceId","day")
);

-- CreateIndex
CREATE INDEX "UserEvent_advertiserId_occurredAt_idx" ON "UserEvent"("advertiserId", "occurredAt");

-- CreateIndex
CREATE INDEX "UserEvent_advertiserId_userKey_idx" ON "UserEvent"("advertiserId", "userKey");

-- CreateIndex
CREATE INDEX "AudienceMember_audienceId_expiresAt_idx" ON "AudienceMember"("audienceId", "expiresAt");

-- AddForeignKey
ALTER TABLE "AudienceMember" ADD CONSTRAINT "AudienceMember_audienceId_fkey" FOREIGN KEY ("audienceId") REFERENCES "Audience"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AudienceDailyUsers" ADD CONSTRAINT "AudienceDailyUsers_audienceId_fkey" FOREIGN KEY ("audienceId") REFERENCES "Audience"("id") ON DELETE CASCADE ON UPDATE CASCADE;

