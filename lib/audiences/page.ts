// Data of the audience pages (/audience/create, /audience/create/{id},
// /audience/details/{id}): the session, the audience of the route, its
// advertiser and seed audience by name. A missing, malformed or other
// licensee's id renders the 404 page.
import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import type { SessionContext } from "../auth/context";
import { canWrite } from "../auth/roles";
import { tenantDb } from "../data/tenant-db";
import { requireRouteRecord } from "../auth/request";
import { getAudienceOrThrow, type AudienceDetails } from "./queries";

import type { NamedRecord } from "../creative-sets/page";

export interface AudiencePage {
  ctx: SessionContext;
  audience: AudienceDetails;
  advertiser: NamedRecord;
  seed: NamedRecord | null;
  /** The user may change the audience: read-write role and the audience not archived. */
  canWrite: boolean;
}

/** The session and the audience of the route, memoised per request. */
export const audienceForPage = cache(async (id: string): Promise<AudiencePage> => {
  const { ctx, record: audience } = await requireRouteRecord(id, getAudienceOrThrow);
  const db = tenantDb(ctx);
  const named = { id: true, name: true, active: true } as const;
  const [advertiser, seed] = await Promise.all([
    db.advertiser.findUnique({ where: { id: audience.advertiserId }, select: named }),
    audience.seedAudienceId === null ? null : db.audience.findUnique({ where: { id: audience.seedAudienceId }, select: named }),
  ]);
  if (!advertiser) notFound();
  return { ctx, audience, advertiser, seed, canWrite: canWrite(ctx.role) && !audience.isArchived };
});


/** /audience/create?advertiserId=N starts the form under that advertiser (as the creative set form does). */
export { presetAdvertiser } from "../creative-sets/page";
