-- Idempotency keys of creates (lib/actions/idempotency.ts): a repeated
-- submission with the same key is answered the first one's result.

-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "action" VARCHAR(100) NOT NULL,
    "key" UUID NOT NULL,
    "fingerprint" CHAR(64) NOT NULL,
    "result" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotentRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdempotentRequest_createdAt_idx" ON "IdempotentRequest"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotentRequest_licenseeId_userId_action_key_key" ON "IdempotentRequest"("licenseeId", "userId", "action", "key");

