// The console's public origin as the caller reached it (the smart tag, pixel
// and MMP postback URLs shown to users and answered to API callers).

/**
 * The origin the browser used to reach the console: a load balancer's
 * x-forwarded-host / x-forwarded-proto first (as next-auth and
 * lib/auth/sso/theme.ts read them), else Host. null when there is no usable host.
 */
export function publicOrigin(headers: Pick<Headers, "get">, fallback?: { host: string; protocol: string }): string | null {
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host") || fallback?.host;
  if (!host) return null;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || fallback?.protocol.replace(/:$/, "") || "http";
  try {
    return new URL(`${proto === "https" ? "https" : "http"}://${host}`).origin;
  } catch {
    return null;
  }
}

/** A request's public origin: publicOrigin, else the URL the server saw. */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  return publicOrigin(request.headers, url) ?? url.origin;
}
