// API keys: "dsp_<prefix>_<secret>", stored as a sha-256 hash, usable as a bearer
// token with the same role and licensee rules as the user who created it.
import crypto from "node:crypto";
import { db } from "../db";
import { loadSessionContext, type SessionContext } from "./context";

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

export function generateApiKeySecret(): { key: string; prefix: string } {
  const prefix = crypto.randomBytes(4).toString("hex");
  return { key: `dsp_${prefix}_${crypto.randomBytes(24).toString("base64url")}`, prefix };
}

export async function resolveApiKey(key: string): Promise<SessionContext | null> {
  if (!key.startsWith("dsp_")) return null;
  const row = await db.apiKey.findUnique({ where: { keyHash: hashApiKey(key) }, include: { user: true } });
  if (!row || row.revokedAt) return null;
  try {
    const ctx = await loadSessionContext({ userId: row.userId, licenseeId: row.licenseeId, sessionVersion: row.user.sessionVersion });
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
    return ctx;
  } catch {
    return null;
  }
}
