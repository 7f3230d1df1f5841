// Next 16 proxy (formerly middleware; Node runtime).
// - Tells server components the request's sub-domain (x-dsp-subdomain) and
//   path (x-dsp-path, used for returnUrl). Both are always overwritten, so a
//   client cannot smuggle its own values in.
// - Signed-out visitors of console routes are sent to the login page. This is
//   only a cheap cookie-presence check: the real check is requirePageSession()
//   in the console layout (a forged or stale cookie gets past this one, and
//   the page sends it to /login?expired=1). Without any cookie there is no
//   session to call expired: plain /login?returnUrl=.
import { NextResponse, type NextRequest } from "next/server";
import { resolveSubdomain } from "./lib/tenancy/subdomain";
import { hasSessionCookie } from "./lib/auth/session-cookie";

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

export function isConsolePath(pathname: string): boolean {
  const first = pathname.split("/")[1] ?? "";
  return CONSOLE_SECTIONS.includes(first);
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const path = pathname + search;

  if (isConsolePath(pathname) && !hasSessionCookie(request.cookies.getAll())) {
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
