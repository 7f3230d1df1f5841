// GET and PATCH /api/v1/advertisers/{id}: another licensee's id is 404, like a missing one.
import { apiHandler } from "@/lib/account/rest";
import { patchAdvertiser } from "@/lib/account/api-v1";
import { getAdvertiserOrThrow } from "@/lib/advertisers/queries";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const GET = apiHandler<Params>("GET /api/v1/advertisers/{id}", (ctx, _request, { id }) =>
  getAdvertiserOrThrow(ctx, id),
);

export const PATCH = apiHandler<Params>("PATCH /api/v1/advertisers/{id}", (ctx, request, { id }) =>
  patchAdvertiser(ctx, id, request),
);
