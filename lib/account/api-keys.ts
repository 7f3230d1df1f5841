// The user's API keys (Generate API Key, shell.md 2.1, 6). A key belongs to
// one user in one licensee and acts with that user's current role there
// (lib/auth/api-key.ts resolves it), within its scope and until it expires.
// Only the sha-256 hash is stored; the secret is returned once, by
// createApiKey. A password change and 'End All Sessions' revoke all of the
// user's keys (revokeAllApiKeys).
import { addDays } from "date-fns";
import type { Tx } from "../db";
import type { SessionContext } from "../auth/context";
import { generateApiKeySecret, hashApiKey } from "../auth/api-key";
import { shellVisibility } from "../auth/roles";
import { writeActivities, writeActivity } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { ForbiddenError, NotFoundError } from "../errors";
import { parseId } from "../data/gate";
import type { ActionScope } from "../data/scope";
import { tenantDb, tenantTxOf } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import { apiKeyScopeName, ApiKeyCreateSchema, type ApiKeyView } from "./api-key-schema";

const VIEW_SELECT = {
  id: true,
  name: true,
  prefix: true,
  scope: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

type ViewRow = {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyView["scope"];
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function toView(row: ViewRow, now: Date = new Date()): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? "REVOKED" : row.expiresAt.getTime() <= now.getTime() ? "EXPIRED" : "ACTIVE",
  };
}

/** The page is not there for demo users (shell.md 6: Generate API Key hidden). */
export function requireApiKeyPage(ctx: SessionContext): void {
  if (shellVisibility(ctx.role).generateApiKey === "hidden") throw new NotFoundError("Page");
}

/** The user's own keys in the current licensee, newest first. */
export async function listApiKeys(ctx: SessionContext): Promise<ApiKeyView[]> {
  requireApiKeyPage(ctx);
  // The tenant client keeps to the user's own keys in the session's licensee.
  const rows = await tenantDb(ctx).apiKey.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: VIEW_SELECT,
  });
  return rows.map((row) => toView(row));
}

/**
 * Creates a key; the returned `secret` is never stored and cannot be shown
 * again. Its action lets every role call it: the page's own rule refuses here
 * (demo users: no such page; read-only users: disabled), before the input is read.
 */
export async function createApiKey(scope: ActionScope, input: unknown): Promise<{ key: ApiKeyView; secret: string }> {
  const { ctx } = scope;
  requireApiKeyPage(ctx);
  if (shellVisibility(ctx.role).generateApiKey !== "enabled") throw new ForbiddenError();
  const { name, expiresInDays, scope: keyScope } = ApiKeyCreateSchema.parse(input);
  const { key: secret, prefix } = generateApiKeySecret();
  return withAuditedChange(scope, async (tx) => {
    const row = await tx.apiKey.create({
      // The client sets the key's user and licensee: the session's.
      data: {
        name,
        prefix,
        scope: keyScope,
        expiresAt: addDays(new Date(), Number(expiresInDays)),
        keyHash: hashApiKey(secret),
      },
      select: VIEW_SELECT,
    });
    await writeActivity(tx, ctx, {
      action: "CREATE",
      entityType: "API_KEY",
      entityId: row.id,
      entityName: row.name,
      message: "API key created",
      after: { name: row.name, prefix: row.prefix, scope: apiKeyScopeName(row.scope), expiresAt: row.expiresAt },
    });
    return { key: toView(row), secret };
  });
}

/**
 * Revokes one of the user's own keys. Allowed to read-only users too (its
 * action lets every role call it): a key kept from an earlier read-write role
 * must still be revocable, and revoking only takes access away.
 */
export async function revokeApiKey(scope: ActionScope, id: number | string): Promise<ApiKeyView> {
  const { ctx } = scope;
  requireApiKeyPage(ctx);
  const keyId = parseId(String(id));
  return withAuditedChange(scope, async (tx) => {
    const before = await tx.apiKey.findUnique({ where: { id: keyId } });
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

/**
 * Revokes every active key of the user, in every licensee, inside the
 * caller's transaction (a password change, 'End All Sessions'): whoever made
 * the user change the password may hold a copy of a key. One DEACTIVATE
 * activity row per key, in the key's own licensee's log. Returns how many.
 */
export async function revokeAllApiKeys(
  tx: Tx,
  actor: Pick<SessionContext, "userId" | "userName">,
  message: string,
  now: Date = new Date(),
): Promise<number> {
  // One statement: exactly the keys this call revoked are audited, even if a
  // single key is revoked concurrently.
  const keys = await tx.apiKey.updateManyAndReturn({
    where: { userId: actor.userId, revokedAt: null },
    data: { revokedAt: now, version: { increment: 1 } },
    select: { id: true, name: true, licenseeId: true },
  });
  const byLicensee = new Map<number, typeof keys>();
  for (const key of keys) byLicensee.set(key.licenseeId, [...(byLicensee.get(key.licenseeId) ?? []), key]);
  for (const [licenseeId, rows] of byLicensee) {
    // Each key's activity row goes to that key's own licensee's log.
    await writeActivities(
      tenantTxOf(tx, { licenseeId, userId: actor.userId }),
      actor,
      rows.map((k) => ({
        action: "DEACTIVATE",
        entityType: "API_KEY",
        entityId: k.id,
        entityName: k.name,
        message,
        changes: diffFields({ revokedAt: null }, { revokedAt: now }),
      })),
    );
  }
  return keys.length;
}
