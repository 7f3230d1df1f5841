// API keys: "dsp_<prefix>_<secret>", stored as a sha-256 hash, usable as a bearer
// token with the same role and licensee rules as the user who created it, and
// within the key's own limits: refused once revoked or expired, read-only keys
// refused writes, at most API_KEY_RATE_LIMIT_PER_MINUTE requests per key (all
// containers together).
import crypto from "node:crypto";
import { db } from "../db";
import { env } from "../env";
import { ForbiddenError } from "../errors";
import { consumeSharedLimit, type RateLimitRule } from "../rate-limit/shared";
import { RateLimitedError } from "../rate-limit/errors";
import { contextOf, type SessionContext } from "./context";
import type { Role } from "./roles";
import { clientInfoFrom, recordAuthEvent } from "./events";

export const READ_ONLY_KEY_MESSAGE = "This API key is read-only";

/** Methods a read-only key may use: everything else changes data. */
const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

export function generateApiKeySecret(): { key: string; prefix: string } {
  const prefix = crypto.randomBytes(4).toString("hex");
  return { key: `dsp_${prefix}_${crypto.randomBytes(24).toString("base64url")}`, prefix };
}

/** API_KEY_RATE_LIMIT_PER_MINUTE requests per key per minute (lib/env). */
export function apiKeyRateRule(): RateLimitRule {
  return { name: "api-key", points: env().API_KEY_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
}

/**
 * Writes lastUsedAt at most once a minute per key: one conditional UPDATE, so
 * a busy key costs no write per request and concurrent requests (on any
 * container) update it once. Only the request whose UPDATE changed the row
 * records the API_KEY_USE event, so the access log gets at most one line per
 * key per minute too. lastUsedAt is not a user edit: no version bump (that
 * would make a concurrent revoke lose its compare-and-swap).
 */
async function noteKeyUse(key: { id: number; prefix: string; userId: number; licenseeId: number; lastUsedAt: Date | null }, request: Request, now: Date) {
  // Used within the minute by this process's clock: the UPDATE below would change nothing (one
  // statement less a request). A lastUsedAt ahead of this clock leaves the decision to the database's.
  const age = key.lastUsedAt ? now.getTime() - key.lastUsedAt.getTime() : -1;
  if (age >= 0 && age < 60_000) return;
  const changed = await db.$executeRaw`
    UPDATE "ApiKey" SET "lastUsedAt" = now()
    WHERE "id" = ${key.id} AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - interval '1 minute')`;
  if (changed === 1) {
    await recordAuthEvent({
      type: "API_KEY_USE",
      userId: key.userId,
      licenseeId: key.licenseeId,
      client: clientInfoFrom(request.headers),
      detail: key.prefix,
    });
  }
}

interface KeyRow {
  id: number;
  prefix: string;
  userId: number;
  licenseeId: number;
  revokedAt: Date | null;
  expiresAt: Date;
  lastUsedAt: Date | null;
  scope: string;
  name: string;
  email: string;
  disabled: boolean;
  canChangeSecret: boolean;
  twoFactorEnabled: boolean;
  forcePasswordChange: boolean;
  role: string | null;
  canSwitch: boolean | null;
  licenseeName: string | null;
  currencyCode: string | null;
}

/**
 * The context of a bearer key for this request. null (answered 401, like a
 * missing session) when the key is unknown, revoked or expired, or its user
 * can no longer act in its licensee. Throws RateLimitedError (429) past the
 * key's rate limit and ForbiddenError (403) when a read-only key is used for
 * anything but a read; both before any handler runs. `writes`: whether the
 * request changes data, as its operation declares (default: judged by its
 * HTTP method).
 */
export async function resolveApiKey(
  key: string,
  request: Request,
  now: Date = new Date(),
  writes: boolean = !READ_METHODS.has(request.method.toUpperCase()),
): Promise<SessionContext | null> {
  if (!key.startsWith("dsp_")) return null;
  // The key, its user and the user's membership of the key's licensee in one statement (a REST
  // request is mostly these reads: as Prisma includes they were five).
  const [row] = await db.$queryRaw<KeyRow[]>`
    SELECT k."id", k."prefix", k."userId", k."licenseeId", k."revokedAt", k."expiresAt", k."lastUsedAt", k."scope"::text AS "scope",
      u."name", u."email", u."disabled", u."canChangeSecret", u."twoFactorEnabled", u."forcePasswordChange",
      m."role"::text AS "role", m."canSwitch", l."name" AS "licenseeName", l."currencyCode"
    FROM "ApiKey" k
    JOIN "User" u ON u."id" = k."userId"
    LEFT JOIN "Membership" m ON m."userId" = k."userId" AND m."licenseeId" = k."licenseeId"
    LEFT JOIN "Licensee" l ON l."id" = m."licenseeId"
    WHERE k."keyHash" = ${hashApiKey(key)}`;
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  // Counted before any other work: a flood of requests costs this read and the count.
  const limit = await consumeSharedLimit(apiKeyRateRule(), String(row.id));
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  // A disabled user, or a membership gone: as a missing session.
  if (row.disabled || row.role === null || row.licenseeName === null || row.currencyCode === null || row.canSwitch === null) return null;
  const ctx = contextOf(
    { id: row.userId, name: row.name, email: row.email, canChangeSecret: row.canChangeSecret, twoFactorEnabled: row.twoFactorEnabled, forcePasswordChange: row.forcePasswordChange },
    { licenseeId: row.licenseeId, licenseeName: row.licenseeName, currencyCode: row.currencyCode, role: row.role as Role, canSwitch: row.canSwitch },
  );
  await noteKeyUse(row, request, now);
  if (row.scope === "READ_ONLY" && writes) throw new ForbiddenError(READ_ONLY_KEY_MESSAGE);
  return ctx;
}
