// The one SSO link of the demo data: the local Okta stand-in's demo account
// (tests/e2e/oidc-provider.ts, issuer http://127.0.0.1:4011 as in Acme's
// seeded theme) signs in as rw@acme.test. The browser tests cannot link it
// themselves (the e2e server holds its PGlite directory exclusively), so the
// seed does. Only this exact (issuer, subject) pair: a real Okta tenant has
// another issuer and never matches it.
import type { PrismaClient } from "../../generated/prisma/client";
import { linkSsoIdentity } from "./link";

export const DEMO_SSO_LINK = {
  email: "rw@acme.test",
  provider: "OKTA",
  issuer: "http://127.0.0.1:4011",
  subject: "acme-okta-demo-user",
} as const;

/** Call from the seed once the demo users exist (inside its transaction is fine). */
export async function linkDemoSsoIdentity(db: Pick<PrismaClient, "user" | "oidcIdentity">): Promise<void> {
  await linkSsoIdentity(db, DEMO_SSO_LINK);
}
