// next-auth v5's session cookie: `authjs.session-token`, with the __Secure-
// prefix on https and split into .0, .1, ... chunks when large. Only its
// presence is read here (the proxy's cheap check, and telling an expired
// session from a visitor who never signed in); next-auth verifies it.
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

/** True when one of `cookies` is a non-empty session cookie. */
export function hasSessionCookie(cookies: { name: string; value: string }[]): boolean {
  return cookies.some((c) => SESSION_COOKIE.test(c.name) && c.value !== "");
}
