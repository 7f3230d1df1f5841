// Loading an advertiser for a route under /advertiser/details/{id}: a missing
// id, a malformed one and another licensee's advertiser all render the 404 page.
import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import { NotFoundError } from "../data/errors";
import { requireConsoleSession } from "../tenancy/request";
import { getAdvertiserOrThrow, type AdvertiserDetails } from "./queries";
import type { SessionContext } from "../auth/context";

/** The session and the advertiser of the route, memoised per request (layout and page share it). */
export const advertiserForPage = cache(async (id: string): Promise<{ ctx: SessionContext; advertiser: AdvertiserDetails }> => {
  const ctx = await requireConsoleSession();
  try {
    return { ctx, advertiser: await getAdvertiserOrThrow(ctx, id) };
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
});
