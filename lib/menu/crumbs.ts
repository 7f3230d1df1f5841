// Breadcrumb resolution (shell.md 2.7): the entity a URL names, with its
// advertiser and campaign, read through the data gate. An id of another
// licensee, a missing id and a malformed one all resolve to no crumbs, so a
// crafted URL learns no name.
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { owned } from "../data/gate-core";
import { parseCrumbPath, type CrumbTarget } from "./routes";
import type { Crumbs, MenuItem } from "./types";

const ITEM = { id: true, name: true, active: true, licenseeId: true } as const;

type Owned = MenuItem & { licenseeId: number };

/** Drops a related row that is not the licensee's (defence in depth: relations never cross licensees). */
function item(ctx: SessionContext, row: Owned | null | undefined): MenuItem | undefined {
  if (!row || row.licenseeId !== ctx.licenseeId) return undefined;
  return { id: row.id, name: row.name, active: row.active };
}

export async function resolveCrumbs(ctx: SessionContext, target: CrumbTarget | null): Promise<Crumbs> {
  if (!target) return {};
  const where = owned(ctx, target.id); // archived entities keep their details page, so no isArchived filter
  switch (target.kind) {
    case "advertiser": {
      const row = await db.advertiser.findFirst({ where, select: ITEM });
      return row ? { advertiser: item(ctx, row) } : {};
    }
    case "campaign": {
      const row = await db.campaign.findFirst({ where, select: { ...ITEM, advertiser: { select: ITEM } } });
      return row ? { advertiser: item(ctx, row.advertiser), campaign: item(ctx, row) } : {};
    }
    case "strategy": {
      const row = await db.strategy.findFirst({
        where,
        select: { ...ITEM, advertiser: { select: ITEM }, campaign: { select: ITEM } },
      });
      return row
        ? { advertiser: item(ctx, row.advertiser), campaign: item(ctx, row.campaign), strategy: item(ctx, row) }
        : {};
    }
    case "creative": {
      const row = await db.creative.findFirst({ where, select: { ...ITEM, advertiser: { select: ITEM } } });
      return row ? { advertiser: item(ctx, row.advertiser), creative: item(ctx, row) } : {};
    }
    case "creative_set": {
      const row = await db.creativeSet.findFirst({ where, select: { ...ITEM, advertiser: { select: ITEM } } });
      return row ? { advertiser: item(ctx, row.advertiser), creative_set: item(ctx, row) } : {};
    }
    case "audience": {
      const row = await db.audience.findFirst({ where, select: { ...ITEM, advertiser: { select: ITEM } } });
      return row ? { advertiser: item(ctx, row.advertiser), audience: item(ctx, row) } : {};
    }
  }
}

/** Crumbs of a console URL (path plus query), e.g. "/strategy/details/5". */
export function resolveCrumbsForPath(ctx: SessionContext, path: string): Promise<Crumbs> {
  return resolveCrumbs(ctx, parseCrumbPath(path));
}
