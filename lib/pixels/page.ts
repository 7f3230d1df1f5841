// Loading a pixel for a route under /advertiser/{advId}/pixel/...: a missing
// id, a malformed one, another advertiser's or licensee's pixel and an
// archived one all render the 404 page.
import "server-only";
import { notFound } from "next/navigation";
import type { SessionContext } from "../auth/context";
import { NotFoundError } from "../errors";
import { getPixelDetails, getPixelOrThrow } from "./queries";

async function or404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}

export function pixelForPage(ctx: SessionContext, advertiserId: number, pixelId: string) {
  return or404(() => getPixelOrThrow(ctx, advertiserId, pixelId));
}

export function pixelDetailsForPage(ctx: SessionContext, advertiserId: number, pixelId: string) {
  return or404(() => getPixelDetails(ctx, advertiserId, pixelId));
}
