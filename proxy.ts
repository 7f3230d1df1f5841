// Next 16 proxy (formerly middleware; Node runtime).
// - Tells server components the request's sub-domain (x-dsp-subdomain) and
//   path (x-dsp-path, used for returnUrl). Both are always overwritten, so a
//   client cannot smuggle its own values in.
// - Signed-out visitors of console routes are sent to the login page. This is
//   only a cheap cookie-presence check: the real check is requirePageSession()
//   in the console layout (a forged or stale cookie gets past this one).
import { NextResponse, type NextRequest } from "next/server";
import { resolveSubdomain } from "./lib/tenancy/subdomain";

const CONSOLE_SECTIONS = [
  "home",
  "advertiser",
  "campaign",
  "strategy",
  "creative_set",
  "creative",
  "audience",
  "report",
  "experiment",
  "experiments",
];

// next-auth v5 session cookie, with the __Secure- prefix on https and split
// into .0, .1, ... chunks when large.
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

export function isConsolePath(pathname: string): boolean {
  const first = pathname.split("/")[1] ?? "";
  return CONSOLE_SECTIONS.includes(first);
}

function hasSessionCookie(request: NextRequest): boolean {
  return request.cookies.getAll().some((c) => SESSION_COOKIE.test(c.name) && c.value !== "");
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const path = pathname + search;

  if (isConsolePath(pathname) && !hasSessionCookie(request)) {
    const login = new URL("/login", request.url);
    login.search = new URLSearchParams({ returnUrl: path }).toString();
    return NextResponse.redirect(login);
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-dsp-subdomain", resolveSubdomain(request.headers.get("host")));
  requestHeaders.set("x-dsp-path", path);
  return NextResponse.next({ request: { headers: requestHeaders } });
}

export const config = {
  matcher: [
    // Everything but Next internals, API routes, brand assets and files with an extension.
    "/((?!_next/|api/|brand/|favicon\\.ico$|robots\\.txt$|.*\\.[a-zA-Z0-9]+$).*)",
  ],
};
