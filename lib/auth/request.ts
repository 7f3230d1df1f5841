// Per-request tenancy: the signed-in session (if any) and the theme to paint
// with. Signed in → the session licensee's theme; signed out → the theme of the
// request's sub-domain. Memoised per request with React's cache(), so the root
// layout, generateMetadata and pages share one lookup.
import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getSessionContext, requirePageSession } from "./session";
import type { SessionContext } from "./context";
import { NotFoundError } from "../errors";
import { REQUEST_ID_HEADER, takeRequestSignal } from "../connections/request-signal";
import { bindSignal } from "../connections/work";
import { resolveSubdomain } from "../tenancy/subdomain";
import { getThemeForLicensee, getThemeForSubdomain, type ThemeView } from "../tenancy/theme";

/** The request's sub-domain: set by proxy.ts, else computed from the Host header. */
export const getRequestSubdomain = cache(async (): Promise<string> => {
  const h = await headers();
  return h.get("x-dsp-subdomain") || resolveSubdomain(h.get("host"));
});

export const getOptionalSession = cache(async (): Promise<SessionContext | null> => getSessionContext());

export const getRequestTheme = cache(async (): Promise<ThemeView> => {
  const ctx = await getOptionalSession();
  if (ctx) return getThemeForLicensee(ctx.licenseeId);
  return getThemeForSubdomain(await getRequestSubdomain());
});

/**
 * requirePageSession(), once per request: the console layout and its page
 * share the result. Signed-out visitors are redirected to the login page.
 * The context carries the page load's AbortSignal (from proxy.ts): what the
 * page reads through tenantDb(ctx) is cancelled when the browser goes.
 */
export const requireConsoleSession = cache(async (): Promise<SessionContext> => {
  const ctx = await requirePageSession();
  bindSignal(ctx, takeRequestSignal((await headers()).get(REQUEST_ID_HEADER)));
  return ctx;
});

/**
 * The console session and the record a page's route names, read by `read`:
 * a missing, malformed or other licensee's id renders the 404 page.
 */
export async function requireRouteRecord<T>(id: string, read: (ctx: SessionContext, id: string) => Promise<T>): Promise<{ ctx: SessionContext; record: T }> {
  const ctx = await requireConsoleSession();
  try {
    return { ctx, record: await read(ctx, id) };
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}
