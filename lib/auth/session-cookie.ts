// next-auth v5's session cookie: `authjs.session-token`, with the __Secure-
// prefix on https and split into .0, .1, ... chunks when large. Only its
// presence is read here (the proxy's cheap check, and telling an expired
// session from a visitor who never signed in); next-auth verifies it.
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

/** True when one of `cookies` is a non-empty session cookie. */
export function hasSessionCookie(cookies: { name: string; value: string }[]): boolean {
  return cookies.some((c) => SESSION_COOKIE.test(c.name) && c.value !== "");
}

/** The session cookie names present (secure and plain), e.g. to refuse a request carrying both. */
export function sessionCookieKinds(cookieHeader: string | null): Set<"secure" | "plain"> {
  const kinds = new Set<"secure" | "plain">();
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    const match = SESSION_COOKIE.exec(name);
    if (match && value.join("=") !== "") kinds.add(match[1] ? "secure" : "plain");
  }
  return kinds;
}
