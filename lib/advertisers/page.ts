// Loading an advertiser for a route under /advertiser/details/{id}: a missing
// id, a malformed one and another licensee's advertiser all render the 404 page.
import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import { NotFoundError } from "../errors";
import { requireConsoleSession } from "../auth/request";
import { canWrite, shellVisibility } from "../auth/roles";
import type { WriteControls } from "../list/types";
import { getAdvertiserOrThrow, type AdvertiserDetails } from "./queries";
import type { SessionContext } from "../auth/context";

export interface AdvertiserPage {
  ctx: SessionContext;
  advertiser: AdvertiserDetails;
  /** The user may change what belongs to the advertiser: read-write role and the advertiser not archived. */
  canWrite: boolean;
  /**
   * How a tab shows its write controls: "hidden" for read-only users (no select
   * or Action column, shell.md 6), "enabled" when `canWrite`, otherwise
   * "disabled" (demo users, archived advertisers).
   */
  writeControls: WriteControls;
}

/** The session and the advertiser of the route, memoised per request (layout and page share it). */
export const advertiserForPage = cache(async (id: string): Promise<AdvertiserPage> => {
  const ctx = await requireConsoleSession();
  let advertiser: AdvertiserDetails;
  try {
    advertiser = await getAdvertiserOrThrow(ctx, id);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
  const writable = canWrite(ctx.role) && !advertiser.isArchived;
  const writeControls: WriteControls = !shellVisibility(ctx.role).actionColumns ? "hidden" : writable ? "enabled" : "disabled";
  return { ctx, advertiser, canWrite: writable, writeControls };
});
