// next-auth's configuration is built per request from the theme of the host:
// what /api/auth/providers lists is what a browser on that sub-domain can use.
import { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { GET } from "@/app/api/auth/[...nextauth]/route";
import { loadSsoTheme, requestHost } from "@/lib/auth/sso/theme";
import { useTestDatabase } from "../helpers/db";
import { makeLicensee } from "../helpers/factories";

useTestDatabase();

const ENV_KEYS = ["AUTH_SECRET", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "OKTA_CLIENT_SECRET", "OIDC_CLIENT_SECRET_ACME"] as const;
const saved: Partial<Record<string, string>> = {};
beforeAll(() => {
  for (const k of ENV_KEYS) saved[k] = process.env[k];
});
beforeEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-1234";
});
afterAll(() => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

async function seedThemes() {
  const def = await makeLicensee("Default Media", "default");
  await db.theme.update({ where: { licenseeId: def.id }, data: { oidcClient: "GOOGLE", oidcClientId: "default-google-client" } });
  const acme = await makeLicensee("Acme Agency", "acme");
  await db.theme.update({
    where: { licenseeId: acme.id },
    data: { oidcClient: "OKTA", oidcClientId: "acme-okta-client", oidcIssuer: "http://127.0.0.1:4011" },
  });
  return { def, acme };
}

async function providersOn(host: string, headers: Record<string, string> = {}): Promise<Record<string, { callbackUrl: string }>> {
  // As `next start` hands it over: the URL of the listening address, the browser's host in the headers.
  const res = await GET(new NextRequest("http://localhost:3000/api/auth/providers", { headers: { host, ...headers } }));
  expect(res.status).toBe(200);
  return res.json();
}

test("each host gets the providers of its own theme", async () => {
  await seedThemes();
  process.env.OKTA_CLIENT_SECRET = "okta-secret";
  process.env.GOOGLE_CLIENT_SECRET = "google-secret";

  const acme = await providersOn("acme.localhost:3202");
  expect(Object.keys(acme).sort()).toEqual(["credentials", "okta"]);
  expect(acme.okta.callbackUrl).toBe("http://acme.localhost:3202/api/auth/callback/okta");

  const def = await providersOn("default.localhost:3202");
  expect(Object.keys(def).sort()).toEqual(["credentials", "google"]);
  // Unknown sub-domains and bare hosts use the default theme, as the screen does.
  expect(Object.keys(await providersOn("localhost:3202")).sort()).toEqual(["credentials", "google"]);
});

test("a provider whose secret is missing is absent; the ticket sign-in stays", async () => {
  await seedThemes();
  expect(Object.keys(await providersOn("acme.localhost:3202"))).toEqual(["credentials"]);
  process.env.OIDC_CLIENT_SECRET_ACME = "acme-only";
  expect(Object.keys(await providersOn("acme.localhost:3202")).sort()).toEqual(["credentials", "okta"]);
  expect(Object.keys(await providersOn("default.localhost:3202"))).toEqual(["credentials"]);
});

test("x-forwarded-host (set by a load balancer) decides the theme and next-auth's callback URL", async () => {
  await seedThemes();
  process.env.OKTA_CLIENT_SECRET = "okta-secret";
  const acme = await providersOn("10.0.0.5:3000", { "x-forwarded-host": "acme.dsp.example.com", "x-forwarded-proto": "https" });
  expect(acme.okta.callbackUrl).toBe("https://acme.dsp.example.com/api/auth/callback/okta");
  expect(requestHost(new Headers({ host: "h", "x-forwarded-host": "a.example.com, b.example.com" }))).toBe("a.example.com");
});

test("loadSsoTheme falls back to the default theme and to none on an empty database", async () => {
  expect(await loadSsoTheme("acme.localhost")).toBeNull();
  const { def, acme } = await seedThemes();
  expect(await loadSsoTheme("acme.localhost:3000")).toEqual({
    licenseeId: acme.id,
    subDomain: "acme",
    oidcClient: "OKTA",
    oidcClientId: "acme-okta-client",
    oidcIssuer: "http://127.0.0.1:4011",
  });
  expect((await loadSsoTheme("nosuch.localhost"))?.licenseeId).toBe(def.id);
  expect((await loadSsoTheme(null))?.licenseeId).toBe(def.id);
});
