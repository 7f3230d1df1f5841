// The user's API keys (Generate API Key, shell.md 2.1, 6). A key belongs to
// one user in one licensee and acts with that user's current role there
// (lib/auth/api-key.ts resolves it). Only the sha-256 hash is stored; the
// secret is returned once, by createApiKey.
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { generateApiKeySecret, hashApiKey } from "../auth/api-key";
import { shellVisibility } from "../auth/roles";
import { writeActivity } from "../audit/activity";
import { ForbiddenError, NotFoundError } from "../data/errors";
import { parseId } from "../data/gate-core";
import { withAuditedChange } from "../data/transaction";
import { ApiKeyCreateSchema, type ApiKeyView } from "./api-key-schema";

const VIEW_SELECT = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

function toView(row: { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The page is not there for demo users (shell.md 6: Generate API Key hidden). */
export function requireApiKeyPage(ctx: SessionContext): void {
  if (shellVisibility(ctx.role).generateApiKey === "hidden") throw new NotFoundError("Page");
}

/** The user's own keys in the current licensee, newest first. */
export async function listApiKeys(ctx: SessionContext): Promise<ApiKeyView[]> {
  requireApiKeyPage(ctx);
  const rows = await db.apiKey.findMany({
    where: { userId: ctx.userId, licenseeId: ctx.licenseeId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: VIEW_SELECT,
  });
  return rows.map(toView);
}

/** Creates a key; the returned `secret` is never stored and cannot be shown again. */
export async function createApiKey(ctx: SessionContext, input: unknown): Promise<{ key: ApiKeyView; secret: string }> {
  requireApiKeyPage(ctx);
  if (shellVisibility(ctx.role).generateApiKey !== "enabled") throw new ForbiddenError();
  const { name } = ApiKeyCreateSchema.parse(input);
  const { key: secret, prefix } = generateApiKeySecret();
  return withAuditedChange(ctx, async (tx) => {
    const row = await tx.apiKey.create({
      data: { userId: ctx.userId, licenseeId: ctx.licenseeId, name, prefix, keyHash: hashApiKey(secret) },
      select: VIEW_SELECT,
    });
    await writeActivity(tx, ctx, {
      action: "CREATE",
      entityType: "API_KEY",
      entityId: row.id,
      entityName: row.name,
      message: "API key created",
      after: { name: row.name, prefix: row.prefix },
    });
    return { key: toView(row), secret };
  });
}

/**
 * Revokes one of the user's own keys. Allowed to read-only users too: a key
 * kept from an earlier read-write role must still be revocable, and revoking
 * only takes access away.
 */
export async function revokeApiKey(ctx: SessionContext, id: number | string): Promise<ApiKeyView> {
  requireApiKeyPage(ctx);
  const keyId = parseId(String(id));
  return db.$transaction(async (tx) => {
    const before = await tx.apiKey.findFirst({ where: { id: keyId, userId: ctx.userId, licenseeId: ctx.licenseeId } });
    if (!before) throw new NotFoundError("API key");
    if (before.revokedAt) return toView(before);
    // Compare-and-swap on the version: of two concurrent revokes only one
    // changes the row and writes the activity; the other returns the result.
    const swapped = await tx.apiKey.updateMany({
      where: { id: keyId, version: before.version },
      data: { revokedAt: new Date(), version: { increment: 1 } },
    });
    const after = await tx.apiKey.findUniqueOrThrow({ where: { id: keyId }, select: VIEW_SELECT });
    if (swapped.count === 0) return toView(after);
    await writeActivity(tx, ctx, {
      action: "DEACTIVATE",
      entityType: "API_KEY",
      entityId: after.id,
      entityName: after.name,
      message: "API key revoked",
      before: { revokedAt: null },
      after: { revokedAt: after.revokedAt },
    });
    return toView(after);
  });
}
