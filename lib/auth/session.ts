// The session of the current request, verified against the database.
// Every server action and route handler starts with requireSession().
import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "./index";
import { loadSessionContext, type SessionClaims, type SessionContext } from "./context";
import { UnauthenticatedError } from "../data/errors";
import { resolveApiKey } from "./api-key";

export async function getSessionContext(): Promise<SessionContext | null> {
  const session = (await auth()) as { claims?: SessionClaims } | null;
  try {
    return await loadSessionContext(session?.claims);
  } catch {
    return null;
  }
}

export async function requireSession(): Promise<SessionContext> {
  const ctx = await getSessionContext();
  if (!ctx) throw new UnauthenticatedError();
  return ctx;
}

/** For route handlers: a session cookie or an `Authorization: Bearer <api key>`. */
export async function requireSessionOrApiKey(request: Request): Promise<SessionContext> {
  const header = request.headers.get("authorization");
  if (header?.startsWith("Bearer ")) {
    const ctx = await resolveApiKey(header.slice(7).trim());
    if (!ctx) throw new UnauthenticatedError();
    return ctx;
  }
  return requireSession();
}

/** For pages: signed-out visitors go to /login?returnUrl=<this page>. */
export async function requirePageSession(): Promise<SessionContext> {
  const ctx = await getSessionContext();
  if (!ctx) {
    const path = (await headers()).get("x-dsp-path") || "/home";
    redirect(`/login?returnUrl=${encodeURIComponent(path)}`);
  }
  return ctx;
}
