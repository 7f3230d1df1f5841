// The SSO linking rule (lib/auth/sso/linking.ts) as next-auth's signIn
// callback applies it: only an administrator-made link of (provider, issuer,
// subject) to a non-disabled member of the theme's licensee signs in; the
// e-mail claim never links.
import { db } from "@/lib/db";
import type { SsoTheme } from "@/lib/auth/sso/config";
import { ssoSignIn, type SignInParams } from "@/lib/auth/sso/providers";
import { linkSsoIdentity, LinkError, listSsoIdentities, unlinkSsoIdentity } from "@/lib/auth/sso/link";
import { DEMO_SSO_LINK, linkDemoSsoIdentity } from "@/lib/auth/sso/demo-link";
import { SSO_REFUSED_PATH } from "@/lib/auth/sso/messages";
import { useTestDatabase } from "../helpers/db";
import { makeLicensee, makeUser } from "../helpers/factories";

useTestDatabase();

const ISSUER = "https://acme.okta.example/oauth2/default";

async function setup() {
  const acme = await makeLicensee("Acme Agency", "acme");
  await db.theme.update({ where: { licenseeId: acme.id }, data: { oidcClient: "OKTA", oidcClientId: "acme-okta-client", oidcIssuer: ISSUER } });
  const other = await makeLicensee("Other Media", "other");
  const ada = await makeUser("ada@acme.test", [{ licenseeId: acme.id, role: "RW" }]);
  const theme: SsoTheme = { licenseeId: acme.id, subDomain: "acme", oidcClient: "OKTA", oidcClientId: "acme-okta-client", oidcIssuer: ISSUER };
  return { acme, other, ada, theme };
}

function oktaSignIn(sub: string, email: string, iss = ISSUER): SignInParams {
  return { user: {}, account: { type: "oidc", provider: "okta" }, profile: { iss, sub, email, email_verified: true } as SignInParams["profile"] };
}

test("a linked identity of a member signs in as that user in the theme's licensee", async () => {
  const { acme, ada, theme } = await setup();
  await linkSsoIdentity(db, { email: "ada@acme.test", provider: "OKTA", issuer: ISSUER, subject: "00u-ada" });
  // The e-mail claim is irrelevant, even when it names someone else.
  const params = oktaSignIn("00u-ada", "someone-else@acme.test");
  expect(await ssoSignIn(theme, params)).toBe(true);
  expect(params.user.claims).toEqual({ userId: ada.id, licenseeId: acme.id, sessionVersion: ada.sessionVersion });
});

test("an unlinked identity whose e-mail equals a user's is refused and nothing gets linked", async () => {
  const { theme } = await setup();
  const params = oktaSignIn("00u-stranger", "ada@acme.test");
  expect(await ssoSignIn(theme, params)).toBe(SSO_REFUSED_PATH);
  expect(params.user.claims).toBeUndefined();
  expect(await db.oidcIdentity.count()).toBe(0);
});

test("the link is per provider and issuer: the same subject from another issuer or provider is refused", async () => {
  const { theme } = await setup();
  await linkSsoIdentity(db, { email: "ada@acme.test", provider: "OKTA", issuer: ISSUER, subject: "00u-ada" });
  expect(await ssoSignIn(theme, oktaSignIn("00u-ada", "ada@acme.test", "https://evil.okta.example"))).toBe(SSO_REFUSED_PATH);
  const viaGoogle: SignInParams = { user: {}, account: { type: "oidc", provider: "google" }, profile: { iss: ISSUER, sub: "00u-ada" } };
  expect(await ssoSignIn(theme, viaGoogle)).toBe(SSO_REFUSED_PATH);
});

test("a linked identity of a user who is not a member of the theme's licensee is refused", async () => {
  const { other, theme } = await setup();
  await makeUser("olga@other.test", [{ licenseeId: other.id, role: "RW" }]);
  await linkSsoIdentity(db, { email: "olga@other.test", provider: "OKTA", issuer: ISSUER, subject: "00u-olga" });
  expect(await ssoSignIn(theme, oktaSignIn("00u-olga", "olga@other.test"))).toBe(SSO_REFUSED_PATH);
  // The same link signs in on a theme of her own licensee.
  const params = oktaSignIn("00u-olga", "olga@other.test");
  expect(await ssoSignIn({ ...theme, licenseeId: other.id, subDomain: "other" }, params)).toBe(true);
  expect(params.user.claims?.licenseeId).toBe(other.id);
});

test("a disabled user is refused", async () => {
  const { ada, theme } = await setup();
  await linkSsoIdentity(db, { email: "ada@acme.test", provider: "OKTA", issuer: ISSUER, subject: "00u-ada" });
  await db.user.update({ where: { id: ada.id }, data: { disabled: true } });
  expect(await ssoSignIn(theme, oktaSignIn("00u-ada", "ada@acme.test"))).toBe(SSO_REFUSED_PATH);
});

test("a request without a theme, or without subject, is refused; the Credentials provider passes through", async () => {
  const { theme } = await setup();
  await linkSsoIdentity(db, { email: "ada@acme.test", provider: "OKTA", issuer: ISSUER, subject: "00u-ada" });
  expect(await ssoSignIn(null, oktaSignIn("00u-ada", "ada@acme.test"))).toBe(SSO_REFUSED_PATH);
  expect(await ssoSignIn(theme, { user: {}, account: { type: "oidc", provider: "okta" }, profile: { iss: ISSUER } })).toBe(SSO_REFUSED_PATH);
  expect(await ssoSignIn(theme, { user: {}, account: { type: "credentials", provider: "credentials" } })).toBe(true);
});

describe("administrator links (scripts/link-sso.ts)", () => {
  it("links idempotently, lists and unlinks", async () => {
    const { ada } = await setup();
    const req = { email: "ADA@acme.test", provider: "OKTA" as const, issuer: ISSUER, subject: "00u-ada" };
    expect(await linkSsoIdentity(db, req)).toEqual({ userId: ada.id, created: true });
    expect(await linkSsoIdentity(db, req)).toEqual({ userId: ada.id, created: false });
    expect(await listSsoIdentities(db, "ada@acme.test")).toEqual([
      { provider: "OKTA", issuer: ISSUER, subject: "00u-ada", createdAt: expect.any(Date) },
    ]);
    expect(await unlinkSsoIdentity(db, req)).toBe(true);
    expect(await unlinkSsoIdentity(db, req)).toBe(false);
  });

  it("defaults Google's issuer and refuses bad input", async () => {
    await setup();
    await linkSsoIdentity(db, { email: "ada@acme.test", provider: "GOOGLE", issuer: "", subject: "1098" });
    expect(await db.oidcIdentity.findFirst()).toMatchObject({ provider: "GOOGLE", issuer: "https://accounts.google.com", subject: "1098" });
    await expect(linkSsoIdentity(db, { email: "nobody@acme.test", provider: "OKTA", issuer: ISSUER, subject: "x" })).rejects.toThrow(
      "no user with e-mail nobody@acme.test",
    );
    await expect(linkSsoIdentity(db, { email: "ada@acme.test", provider: "OKTA", issuer: "", subject: "x" })).rejects.toBeInstanceOf(LinkError);
    await expect(linkSsoIdentity(db, { email: "ada@acme.test", provider: "OKTA", issuer: ISSUER, subject: " " })).rejects.toBeInstanceOf(LinkError);
  });

  it("refuses to move an identity linked to another user", async () => {
    const { acme } = await setup();
    await makeUser("bob@acme.test", [{ licenseeId: acme.id, role: "RO" }]);
    await linkSsoIdentity(db, { email: "ada@acme.test", provider: "OKTA", issuer: ISSUER, subject: "00u-ada" });
    await expect(linkSsoIdentity(db, { email: "bob@acme.test", provider: "OKTA", issuer: ISSUER, subject: "00u-ada" })).rejects.toThrow(
      "already linked to ada@acme.test",
    );
  });

  it("the demo link joins the local Okta stand-in's demo account to rw@acme.test, idempotently", async () => {
    const { acme } = await setup();
    const rw = await makeUser("rw@acme.test", [{ licenseeId: acme.id, role: "RW" }]);
    await linkDemoSsoIdentity(db);
    await linkDemoSsoIdentity(db);
    expect(await db.oidcIdentity.findMany({ select: { userId: true, provider: true, issuer: true, subject: true } })).toEqual([
      { userId: rw.id, provider: "OKTA", issuer: "http://127.0.0.1:4011", subject: DEMO_SSO_LINK.subject },
    ]);
  });
});
