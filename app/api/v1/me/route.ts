// GET /api/v1/me: user info of shell.md 3 for the caller (API key or session).
import { apiHandler } from "@/lib/account/rest";
import { getUserInfo } from "@/lib/account/api-v1";

export const dynamic = "force-dynamic";

export const GET = apiHandler("GET /api/v1/me", (ctx) => getUserInfo(ctx));
