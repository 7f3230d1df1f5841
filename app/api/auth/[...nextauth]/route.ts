// next-auth's routes (sign-in, provider callbacks, session, sign-out), seen
// at the origin the browser used so that each licensee sub-domain gets its
// own SSO callback URL (lib/auth/sso/theme.ts).
import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";
import { withPublicOrigin } from "@/lib/auth/sso/theme";

export const GET = (request: NextRequest) => handlers.GET(withPublicOrigin(request));
export const POST = (request: NextRequest) => handlers.POST(withPublicOrigin(request));
