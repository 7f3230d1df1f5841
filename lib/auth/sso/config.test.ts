import { GOOGLE_ISSUER, ssoAvailability, ssoClients, subdomainSecretName, type SsoTheme } from "./config";
import { ssoErrorMessage } from "./messages";

const google: SsoTheme = { licenseeId: 1, subDomain: "default", oidcClient: "GOOGLE", oidcClientId: "default-google-client", oidcIssuer: null };
const okta: SsoTheme = {
  licenseeId: 2,
  subDomain: "acme",
  oidcClient: "OKTA",
  oidcClientId: "acme-okta-client",
  oidcIssuer: "http://127.0.0.1:4011",
};

describe("ssoClients", () => {
  it("gives a GOOGLE theme Google with the theme's client id and GOOGLE_CLIENT_SECRET", () => {
    expect(ssoClients(google, { GOOGLE_CLIENT_SECRET: "g-secret", OKTA_CLIENT_SECRET: "o-secret" })).toEqual([
      { id: "google", clientId: "default-google-client", clientSecret: "g-secret", issuer: GOOGLE_ISSUER },
    ]);
  });

  it("gives an OKTA theme Okta with the theme's client id and issuer and OKTA_CLIENT_SECRET", () => {
    expect(ssoClients(okta, { OKTA_CLIENT_SECRET: "o-secret" })).toEqual([
      { id: "okta", clientId: "acme-okta-client", clientSecret: "o-secret", issuer: "http://127.0.0.1:4011" },
    ]);
  });

  it("gives an OKTA theme Google too when the platform Google client is configured", () => {
    const clients = ssoClients(okta, { OKTA_CLIENT_SECRET: "o", GOOGLE_CLIENT_ID: "platform-google", GOOGLE_CLIENT_SECRET: "g" });
    expect(clients.map((c) => [c.id, c.clientId, c.clientSecret])).toEqual([
      ["google", "platform-google", "g"],
      ["okta", "acme-okta-client", "o"],
    ]);
  });

  it("prefers the per-sub-domain secret for the theme's own client", () => {
    const env = { OKTA_CLIENT_SECRET: "shared", OIDC_CLIENT_SECRET_ACME: "acme-only", GOOGLE_CLIENT_ID: "pg", GOOGLE_CLIENT_SECRET: "g" };
    const clients = ssoClients(okta, env);
    expect(clients.find((c) => c.id === "okta")?.clientSecret).toBe("acme-only");
    // The platform Google client is not acme's: it keeps the shared secret.
    expect(clients.find((c) => c.id === "google")?.clientSecret).toBe("g");
    expect(ssoClients(google, { GOOGLE_CLIENT_SECRET: "shared", OIDC_CLIENT_SECRET_DEFAULT: "default-only" })[0].clientSecret).toBe(
      "default-only",
    );
  });

  it("leaves a provider out when its secret is missing or empty", () => {
    expect(ssoClients(okta, {})).toEqual([]);
    expect(ssoClients(okta, { OKTA_CLIENT_SECRET: "  " })).toEqual([]);
    expect(ssoClients(google, { OKTA_CLIENT_SECRET: "o" })).toEqual([]);
    // Another sub-domain's override does not apply.
    expect(ssoClients(okta, { OIDC_CLIENT_SECRET_DEFAULT: "x" })).toEqual([]);
  });

  it("leaves a provider out when its client id or issuer is missing or invalid", () => {
    expect(ssoClients({ ...okta, oidcClientId: null }, { OKTA_CLIENT_SECRET: "o" })).toEqual([]);
    expect(ssoClients({ ...okta, oidcIssuer: null }, { OKTA_CLIENT_SECRET: "o" })).toEqual([]);
    expect(ssoClients({ ...okta, oidcIssuer: "not a url" }, { OKTA_CLIENT_SECRET: "o" })).toEqual([]);
    expect(ssoClients({ ...okta, oidcIssuer: "ftp://okta.example" }, { OKTA_CLIENT_SECRET: "o" })).toEqual([]);
    expect(ssoClients({ ...google, oidcClientId: "" }, { GOOGLE_CLIENT_SECRET: "g" })).toEqual([]);
  });

  it("falls back to GOOGLE_CLIENT_ID for a GOOGLE theme without its own client id", () => {
    expect(ssoClients({ ...google, oidcClientId: null }, { GOOGLE_CLIENT_ID: "pg", GOOGLE_CLIENT_SECRET: "g", OIDC_CLIENT_SECRET_DEFAULT: "d" })).toEqual([
      { id: "google", clientId: "pg", clientSecret: "g", issuer: GOOGLE_ISSUER },
    ]);
  });

  it("offers nothing without a theme", () => {
    expect(ssoClients(null, { GOOGLE_CLIENT_ID: "pg", GOOGLE_CLIENT_SECRET: "g" })).toEqual([]);
  });
});

describe("ssoAvailability", () => {
  it("enables configured providers and says what is missing for the others", () => {
    const a = ssoAvailability(okta, { OKTA_CLIENT_SECRET: "o" });
    expect(a.okta).toEqual({ enabled: true });
    expect(a.google).toEqual({ enabled: false, reason: expect.stringContaining("client id is missing") });
    expect(ssoAvailability(okta, {}).okta).toEqual({ enabled: false, reason: expect.stringContaining("client secret is missing") });
    expect(ssoAvailability({ ...okta, oidcIssuer: null }, { OKTA_CLIENT_SECRET: "o" }).okta).toEqual({
      enabled: false,
      reason: expect.stringContaining("issuer is missing or invalid"),
    });
    expect(ssoAvailability(google, { GOOGLE_CLIENT_SECRET: "g" })).toEqual({
      google: { enabled: true },
      okta: { enabled: false, reason: expect.stringContaining("does not use Okta") },
    });
  });
});

test("subdomainSecretName upper-cases and replaces what an environment name cannot hold", () => {
  expect(subdomainSecretName("acme")).toBe("OIDC_CLIENT_SECRET_ACME");
  expect(subdomainSecretName("my-agency.eu")).toBe("OIDC_CLIENT_SECRET_MY_AGENCY_EU");
});

test("ssoErrorMessage explains refusals and generic failures", () => {
  expect(ssoErrorMessage("sso")).toBe("This account is not linked to a console user. Ask your administrator.");
  expect(ssoErrorMessage("OAuthCallbackError")).toBe("Single sign-on did not complete. Please try again.");
  expect(ssoErrorMessage(null)).toBeNull();
});
