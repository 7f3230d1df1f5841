// next-auth's routes (sign-in, provider callbacks, session, sign-out), seen
// at the origin the browser used so that each licensee sub-domain gets its
// own SSO callback URL (lib/auth/sso/theme.ts).
import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";
import { withPublicOrigin } from "@/lib/auth/sso/theme";
import { AUTH_ROUTE_BODY_LIMIT_BYTES, refuseLargeBody } from "@/lib/security/anonymous-body";

export const GET = (request: NextRequest) => handlers.GET(withPublicOrigin(request));
// Auth.js reads a POST body whole, before any session exists: bounded first.
export const POST = (request: NextRequest) =>
  refuseLargeBody(request, AUTH_ROUTE_BODY_LIMIT_BYTES) ?? handlers.POST(withPublicOrigin(request));
