-- CreateEnum
CREATE TYPE "AuthEventType" AS ENUM ('SIGN_IN', 'PASSWORD_FAILED', 'CODE_FAILED', 'LOCKOUT', 'SIGN_OUT', 'END_ALL_SESSIONS', 'LICENSEE_SWITCH', 'API_KEY_USE');

-- CreateTable
CREATE TABLE "AuthEvent" (
    "id" BIGSERIAL NOT NULL,
    "type" "AuthEventType" NOT NULL,
    "userId" INTEGER,
    "email" VARCHAR(254),
    "licenseeId" INTEGER,
    "clientIp" VARCHAR(64),
    "userAgent" VARCHAR(512),
    "detail" VARCHAR(200),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuthEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuthEvent_userId_createdAt_idx" ON "AuthEvent"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "AuthEvent_createdAt_idx" ON "AuthEvent"("createdAt");

-- AddForeignKey
ALTER TABLE "AuthEvent" ADD CONSTRAINT "AuthEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

