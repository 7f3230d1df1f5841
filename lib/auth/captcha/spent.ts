// Single-use tokens (solved captchas): a token's hash is recorded until the
// token expires; a second presentation finds it and is refused, on every
// container, since the record lives in the database.
import crypto from "node:crypto";
import { db } from "../../db";

export function tokenHash(kind: string, token: string): string {
  return crypto.createHash("sha256").update(`${kind}:${token}`).digest("hex");
}

/** Records the token as spent; false when it already was. */
export async function spendToken(id: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.spentToken.deleteMany({ where: { expiresAt: { lt: now } } });
  // ON CONFLICT DO NOTHING: of two concurrent presentations exactly one wins.
  const inserted = await db.spentToken.createMany({ data: [{ id, expiresAt }], skipDuplicates: true });
  return inserted.count === 1;
}
