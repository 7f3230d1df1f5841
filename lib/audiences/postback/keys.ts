// The advertiser's MMP postback key: the secret in the postback URL that says
// the event comes from the advertiser's MMP. Kept without a migration, as an
// advertiser setting (AdvertiserSetting key MMP_POSTBACK_KEY_HASH, not one the
// settings editor offers), and only as its SHA-256: a database read, a backup
// or the activity log never gives a working key. So the key is shown once,
// when generated; a lost key is replaced by generating a new one (rotation),
// which stops the old one at once.
//
// 32 random bytes (base64url, 43 characters): unguessable; still, the
// endpoint counts wrong keys and stops hearing an address that guesses
// (./wrong-keys.ts), and compares digests in constant time, doing the same
// work whether or not the advertiser has a key (postbackKeyMatches).
import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { SessionContext } from "../../auth/context";
import type { ActionScope } from "../../data/scope";
import { writeActivity } from "../../audit/activity";
import { ConflictError } from "../../errors";
import { orNotFound } from "../../data/gate";
import { tenantDb } from "../../data/tenant-db";
import { updateVersioned, withAuditedChange } from "../../data/transaction";
import { advertiserEntry } from "../../advertisers/mutations";
import { SETTINGS_ARCHIVED_MESSAGE } from "../../advertiser-settings/mutations";

export const POSTBACK_KEY_SETTING = "MMP_POSTBACK_KEY_HASH";
const KEY_RE = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a key: SHA-256 hex. */
export function postbackKeyHash(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

// What a presented key is compared with when there is no stored hash: random
// bytes of this process, the digest of no key anyone can find.
const NO_KEY_DIGEST = randomBytes(32);
const STORED_HASH_RE = /^[0-9a-f]{64}$/;

/**
 * Whether `key` is the one whose hash is stored (`storedHash` null: the
 * advertiser has no key, or does not exist). The same work whatever the
 * inputs, so its duration tells nothing: the presented value (anything, even
 * not a string) is always hashed and compared in constant time with a 32-byte
 * digest, the stored one or NO_KEY_DIGEST; its shape is checked only once it
 * matched.
 */
export function postbackKeyMatches(key: unknown, storedHash: string | null): boolean {
  const stored = storedHash !== null && STORED_HASH_RE.test(storedHash) ? Buffer.from(storedHash, "hex") : null;
  const presented = createHash("sha256").update(typeof key === "string" ? key : "").digest();
  const equal = timingSafeEqual(presented, stored ?? NO_KEY_DIGEST);
  return equal && stored !== null && typeof key === "string" && KEY_RE.test(key);
}

export function newPostbackKey(): string {
  return randomBytes(32).toString("base64url");
}

export interface PostbackKeyStatus {
  advertiserId: number;
  /** A key exists (its value is never readable again). */
  isSet: boolean;
  /** When the current key was generated (ISO), null when none. */
  generatedAt: string | null;
}

export interface GeneratedPostbackKey extends PostbackKeyStatus {
  /** The new key: shown this once. */
  key: string;
}

/** Whether the advertiser (of the session's licensee; else not found) has a postback key, and since when. */
export async function postbackKeyStatus(ctx: SessionContext, advertiserId: number): Promise<PostbackKeyStatus> {
  const db = tenantDb(ctx);
  orNotFound(await db.advertiser.findUnique({ where: { id: advertiserId }, select: { id: true } }), "Advertiser");
  const row = await db.advertiserSetting.findFirst({ where: { advertiserId, key: POSTBACK_KEY_SETTING }, select: { updatedAt: true } });
  return { advertiserId, isSet: row !== null, generatedAt: row?.updatedAt.toISOString() ?? null };
}

/**
 * Generates the advertiser's postback key, replacing the one it had (RW only:
 * the action checks the role; not for an archived advertiser), with an
 * activity row that says so but holds neither key nor hash, in the action's
 * write transaction (outside an action, in one of its own).
 */
export async function rotatePostbackKey(scope: ActionScope, advertiserId: number): Promise<GeneratedPostbackKey> {
  return withAuditedChange(scope, async (tx) => {
    const advertiser = orNotFound(await tx.advertiser.findUnique({ where: { id: advertiserId }, select: { id: true, name: true, isArchived: true } }), "Advertiser");
    if (advertiser.isArchived) throw new ConflictError(SETTINGS_ARCHIVED_MESSAGE);
    const key = newPostbackKey();
    const value = postbackKeyHash(key);
    const existing = await tx.advertiserSetting.findFirst({ where: { advertiserId, key: POSTBACK_KEY_SETTING }, select: { id: true, version: true } });
    if (existing) {
      await updateVersioned(tx.advertiserSetting, existing.id, existing.version, { type: "STRING", value }, "Postback key");
    } else {
      // skipDuplicates: a concurrent first generation wins; this one is told to try again.
      const { count } = await tx.advertiserSetting.createMany({
        data: [{ advertiserId, key: POSTBACK_KEY_SETTING, type: "STRING", value }],
        skipDuplicates: true,
      });
      if (count !== 1) throw new ConflictError();
    }
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      ...advertiserEntry(advertiser),
      message: existing ? "MMP postback key rotated: the previous key no longer works" : "MMP postback key generated",
      changes: [{ fieldName: "MMP postback key", oldValue: existing ? "(a key)" : null, newValue: "(a new key)" }],
    });
    const row = await tx.advertiserSetting.findFirst({ where: { advertiserId, key: POSTBACK_KEY_SETTING }, select: { updatedAt: true } });
    return { advertiserId, isSet: true, generatedAt: row?.updatedAt.toISOString() ?? new Date().toISOString(), key };
  });
}
