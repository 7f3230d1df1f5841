// The page policy and the HTTPS rule, as browsers will read them.
import { DATA_RESPONSE_CSP, newNonce, pageContentSecurityPolicy, servedOverHttps, STATIC_SECURITY_HEADERS, type PageCspInput } from "./headers";

/** directive -> its sources, as a browser splits a policy. */
function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

const base: PageCspInput = { nonce: "abc123==", development: false, https: false, captcha: "altcha" };
const policy = (input: Partial<PageCspInput> = {}) => parse(pageContentSecurityPolicy({ ...base, ...input }));

describe("the page policy", () => {
  test("scripts run only with the request's nonce (and what they load), never eval or inline in production", () => {
    const scripts = policy().get("script-src")!;
    expect(scripts).toEqual(expect.arrayContaining(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]));
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(policy({ development: true }).get("script-src")).toContain("'unsafe-eval'");
  });

  test("style elements need the nonce; only style attributes may be inline", () => {
    const p = policy();
    expect(p.get("style-src-elem")).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(p.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  test("no framing, no plugins, no <base>, images from here, data: and blob:, requests to here only", () => {
    const p = policy();
    expect(p.get("frame-ancestors")).toEqual(["'none'"]);
    expect(p.get("object-src")).toEqual(["'none'"]);
    expect(p.get("base-uri")).toEqual(["'none'"]);
    expect(p.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(p.get("connect-src")).toEqual(["'self'"]);
    expect(p.get("default-src")).toEqual(["'self'"]);
  });

  test("ALTCHA (the default captcha) solves in blob: workers and needs no third party", () => {
    const text = pageContentSecurityPolicy(base);
    expect(parse(text).get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(parse(text).get("frame-src")).toEqual(["'self'"]); // our own sandboxed creative previews only
    expect(text).not.toMatch(/google|cloudflare/);
  });

  test("a hosted captcha's script and frame origins are allowed only when it is the one configured", () => {
    const turnstile = policy({ captcha: "turnstile" });
    expect(turnstile.get("script-src")).toContain("https://challenges.cloudflare.com");
    expect(turnstile.get("frame-src")).toEqual(["'self'", "https://challenges.cloudflare.com"]);
    expect(pageContentSecurityPolicy({ ...base, captcha: "turnstile" })).not.toContain("google");

    const recaptcha = policy({ captcha: "recaptcha" });
    expect(recaptcha.get("script-src")).toEqual(expect.arrayContaining(["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]));
    expect(recaptcha.get("frame-src")).toEqual(["'self'", "https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"]);
  });

  test("forms post here, and on the sign-in page also to the identity providers", () => {
    expect(policy().get("form-action")).toEqual(["'self'"]);
    expect(policy({ formTargets: ["https://accounts.google.com", "http://127.0.0.1:4011"] }).get("form-action")).toEqual([
      "'self'",
      "https://accounts.google.com",
      "http://127.0.0.1:4011",
    ]);
  });

  test("insecure sub-requests are upgraded only on pages served over HTTPS", () => {
    expect(policy().has("upgrade-insecure-requests")).toBe(false);
    expect(policy({ https: true }).has("upgrade-insecure-requests")).toBe(true);
  });
});

test("every response's headers: nosniff, referrer policy, permissions off, no framing", () => {
  const headers = Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value]));
  expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(headers["Permissions-Policy"]).toContain(`${feature}=()`);
  expect(headers["X-Frame-Options"]).toBe("DENY");
  expect(parse(DATA_RESPONSE_CSP).get("default-src")).toEqual(["'none'"]);
  expect(parse(DATA_RESPONSE_CSP).has("script-src")).toBe(false);
});

test("nonces are 128 random bits, new each time", () => {
  const nonces = new Set(Array.from({ length: 100 }, newNonce));
  expect(nonces.size).toBe(100);
  for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
});

describe("served over HTTPS", () => {
  const http = new URL("http://console.example.com/home");
  const forwarded = (proto: string) => new Headers({ "x-forwarded-proto": proto });

  test("behind a trusted load balancer: its X-Forwarded-Proto", () => {
    expect(servedOverHttps(http, forwarded("https"), 1)).toBe(true);
    expect(servedOverHttps(http, forwarded("http"), 1)).toBe(false);
    // Two proxies: the entry the outer one wrote; a client's own value on the left is ignored.
    expect(servedOverHttps(http, forwarded("http, https, http"), 2)).toBe(true);
    expect(servedOverHttps(http, forwarded("https, http"), 1)).toBe(false);
  });

  test("without a trusted proxy the header is the client's word and proves nothing", () => {
    expect(servedOverHttps(new URL("https://console.example.com/"), forwarded("https"), 0)).toBe(false);
    expect(servedOverHttps(http, forwarded("https"), 0)).toBe(false);
  });

  test("a request that arrived over TLS itself (no forwarding header)", () => {
    expect(servedOverHttps(new URL("https://console.example.com/"), new Headers(), 0)).toBe(true);
    expect(servedOverHttps(http, new Headers(), 1)).toBe(false);
  });
});
