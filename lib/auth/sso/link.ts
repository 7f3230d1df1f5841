// Administrator operations on SSO links (scripts/link-sso.ts): the only way an
// identity-provider account becomes able to sign in (see linking.ts).
import type { PrismaClient } from "../../generated/prisma/client";
import { GOOGLE_ISSUER, type OidcProviderName } from "./config";

type Db = Pick<PrismaClient, "user" | "oidcIdentity">;

export interface LinkRequest {
  email: string;
  provider: OidcProviderName;
  issuer: string;
  subject: string;
}

export class LinkError extends Error {}

export function parseProvider(value: string | undefined): OidcProviderName {
  const upper = (value ?? "").trim().toUpperCase();
  if (upper === "GOOGLE" || upper === "OKTA") return upper;
  throw new LinkError("--provider must be GOOGLE or OKTA");
}

/** The issuer exactly as the provider puts it in the ID token's `iss` claim. */
export function normaliseIssuer(provider: OidcProviderName, issuer: string | undefined): string {
  const value = issuer?.trim() || (provider === "GOOGLE" ? GOOGLE_ISSUER : "");
  if (!value) throw new LinkError("--issuer is required for OKTA (the Okta authorization server URL)");
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error();
  } catch {
    throw new LinkError(`--issuer is not an http(s) URL: ${value}`);
  }
  return value;
}

async function userByEmail(db: Db, email: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new LinkError(`no user with e-mail ${email}`);
  return user;
}

/** Links an identity to a user. Idempotent; refuses to move an identity linked to someone else. */
export async function linkSsoIdentity(db: Db, req: LinkRequest): Promise<{ userId: number; created: boolean }> {
  const subject = req.subject.trim();
  if (!subject) throw new LinkError("--subject is required (the provider's `sub` for this person)");
  const issuer = normaliseIssuer(req.provider, req.issuer);
  const user = await userByEmail(db, req.email);
  const key = { provider: req.provider, issuer, subject };
  const existing = await db.oidcIdentity.findUnique({ where: { provider_issuer_subject: key }, include: { user: true } });
  if (existing && existing.userId !== user.id) {
    throw new LinkError(`this identity is already linked to ${existing.user.email}; unlink it first`);
  }
  if (existing) return { userId: user.id, created: false };
  await db.oidcIdentity.create({ data: { ...key, userId: user.id } });
  return { userId: user.id, created: true };
}

export async function unlinkSsoIdentity(db: Db, req: LinkRequest): Promise<boolean> {
  const user = await userByEmail(db, req.email);
  const issuer = normaliseIssuer(req.provider, req.issuer);
  const removed = await db.oidcIdentity.deleteMany({
    where: { userId: user.id, provider: req.provider, issuer, subject: req.subject.trim() },
  });
  return removed.count > 0;
}

export async function listSsoIdentities(db: Db, email: string) {
  const user = await userByEmail(db, email);
  return db.oidcIdentity.findMany({
    where: { userId: user.id },
    orderBy: { id: "asc" },
    select: { provider: true, issuer: true, subject: true, createdAt: true },
  });
}
