// The request's session token as next-auth decodes it, for code that runs
// before the page's own session check: the proxy's body limit for signed-out
// callers (lib/security/anonymous-body.ts) and the page cache
// (lib/page-cache/serve.ts). Signature and expiry are checked here;
// revocation needs the database (loadSessionState).
import { getToken } from "next-auth/jwt";

/** The decoded token of either cookie name (__Secure- on HTTPS), or null. */
export async function sessionTokenOf(headers: Headers, secret: string | undefined): Promise<Record<string, unknown> | null> {
  if (!secret) return null;
  for (const secureCookie of [true, false]) {
    const token = await getToken({ req: { headers }, secret, secureCookie, logger: silentLogger }).catch(() => null);
    if (token) return token;
  }
  return null;
}

// A forged or stale cookie is an expected event here, not an error worth a stack trace.
const silentLogger = { error() {}, warn() {}, debug() {} };
