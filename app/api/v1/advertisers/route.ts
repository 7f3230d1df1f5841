// GET /api/v1/advertisers: the caller's licensee's advertisers (API key or session).
import { apiHandler } from "@/lib/account/rest";
import { listAdvertisersFromQuery } from "@/lib/account/api-v1";

export const dynamic = "force-dynamic";

export const GET = apiHandler("GET /api/v1/advertisers", (ctx, request) =>
  listAdvertisersFromQuery(ctx, new URL(request.url)),
);
