// Security headers (docs/security.md). Two layers:
// - STATIC_SECURITY_HEADERS go on every response (next.config.ts `headers()`):
//   pages, API answers, the pixel GIF, the smart tag script, files, Next's assets.
// - Pages get a Content-Security-Policy with a fresh nonce per request and, over
//   HTTPS, HSTS; proxy.ts builds them here (Next's CSP guide: Next reads the
//   nonce from the request's CSP header and puts it on its own scripts).
//   Responses the proxy never sees (API routes, files with an extension,
//   Next's internals) carry DATA_RESPONSE_CSP instead: they are data, never a
//   page that needs scripts, and an error page rendered there stays inert.
import type { CaptchaProviderName } from "../auth/captcha/types";

/** Powerful browser features the console never uses: off for the page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

export const STATIC_SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
  // frame-ancestors 'none' says the same to browsers that read CSP.
  { key: "X-Frame-Options", value: "DENY" },
];

export const DATA_RESPONSE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** Two years, sub-domains included: every licensee sub-domain is served over HTTPS too. */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * What a hosted captcha loads into the sign-in page (the providers' documented
 * CSP entries). The script itself is inserted by our own nonce'd code, which
 * 'strict-dynamic' trusts; the host entries serve browsers without CSP 3.
 * ALTCHA is self-hosted: its solver runs in web workers made from blob: URLs.
 */
const CAPTCHA_SOURCES: Record<CaptchaProviderName, { script: string[]; frame: string[] }> = {
  altcha: { script: [], frame: [] },
  turnstile: { script: ["https://challenges.cloudflare.com"], frame: ["https://challenges.cloudflare.com"] },
  recaptcha: {
    script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
    frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
  },
};

export interface PageCspInput {
  nonce: string;
  /** next dev: React needs eval for its debugging aids, and dev styles arrive as un-nonced <style> tags. */
  development: boolean;
  https: boolean;
  captcha: CaptchaProviderName;
  /** Where forms of this page may lead: the single sign-on providers' origins (see proxy.ts). */
  formTargets?: readonly string[];
}

export function pageContentSecurityPolicy(input: PageCspInput): string {
  const nonce = `'nonce-${input.nonce}'`;
  const captcha = CAPTCHA_SOURCES[input.captcha];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", nonce, "'strict-dynamic'", ...captcha.script, ...(input.development ? ["'unsafe-eval'"] : [])],
    // Style elements need the nonce (Next puts it on its own; Radix's scroll
    // lock gets it from lib/security/csp-client.ts; ALTCHA's styles come as a
    // stylesheet, components/auth/captcha-widget.tsx). Style attributes
    // cannot carry a nonce, and server-rendered ones are everywhere: table
    // column widths (TanStack), chart containers (recharts), progress bars,
    // Radix positioning. Blocking them would break the layout, so attributes
    // alone are allowed inline: an attribute holds declarations, never
    // selectors, so it cannot read anything from the page. `style-src` is the
    // fallback for browsers without the -elem/-attr split (before 2022).
    ["style-src", "'self'", "'unsafe-inline'"],
    ["style-src-elem", "'self'", input.development ? "'unsafe-inline'" : nonce],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["worker-src", "'self'", "blob:"],
    // Our own origin: HTML5 creative previews (/api/files/signed/...) in
    // sandboxed iframes; every HTML or SVG file we serve carries
    // 'sandbox allow-scripts', so a framed file cannot reach the console.
    ["frame-src", "'self'", ...captcha.frame],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'", ...(input.formTargets ?? [])],
    ["frame-ancestors", "'none'"],
  ];
  if (input.https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/** 128 random bits, base64: a CSP nonce must be unguessable and new for every response. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * Whether the browser reached us over HTTPS. Next's server speaks plain HTTP,
 * so in production that is the word of the load balancer in front, taken only
 * when one is configured (TRUST_PROXY_HOPS > 0): the X-Forwarded-Proto entry
 * that many places from the right, as for X-Forwarded-For. Without a trusted
 * proxy the header is the client's own and proves nothing; the request URL's
 * scheme counts only when no such header was sent (a TLS socket).
 */
export function servedOverHttps(url: URL, headers: Pick<Headers, "get">, trustedHops: number): boolean {
  const forwarded = headers.get("x-forwarded-proto");
  if (forwarded === null) return url.protocol === "https:";
  if (trustedHops < 1) return false;
  const protocols = forwarded.split(",").map((p) => p.trim().toLowerCase());
  return protocols[Math.max(0, protocols.length - trustedHops)] === "https";
}
