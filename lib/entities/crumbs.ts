// Breadcrumb resolution (shell.md 2.7): the entity a URL names, with the
// parents its declaration lists (a strategy's advertiser and campaign), read
// through the tenant-scoped client. An id of another licensee, a missing id
// and a malformed one all resolve to no crumbs, so a crafted URL learns no name.
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import { parseCrumbPath, type CrumbRoutes, type CrumbTarget } from "../menu/routes";
import type { Crumbs, LookupSource, MenuItem } from "../menu/types";
import { crumbRoutes } from "./catalog";
import { entityCatalog, findEntity } from "./registry";

type Row = Record<string, unknown>;
interface CrumbDelegate {
  findFirst(args: { where: Row; select: Row }): Promise<Row | null>;
}

function selectOf(lookup: LookupSource): Record<string, true> {
  return { id: true, [lookup.nameColumn]: true, licenseeId: true, ...(lookup.hasActive ? { active: true } : {}) };
}

/** Drops a related row that is not the licensee's (defence in depth: relations never cross licensees). */
function item(ctx: SessionContext, lookup: LookupSource, row: Row | null | undefined): MenuItem | undefined {
  if (!row || row.licenseeId !== ctx.licenseeId) return undefined;
  return { id: row.id as number, name: row[lookup.nameColumn] as string, active: lookup.hasActive ? (row.active as boolean) : true };
}

export async function resolveCrumbs(ctx: SessionContext, target: CrumbTarget | null): Promise<Crumbs> {
  const entity = target ? findEntity(target.kind) : undefined;
  const lookup = entity?.lookup;
  if (!target || !entity?.crumb || !lookup || !isId(target.id)) return {};
  const parents = entity.crumb.parents.flatMap((key) => {
    const parentLookup = findEntity(key)?.lookup;
    return parentLookup ? [{ key, lookup: parentLookup }] : [];
  });
  const select = { ...selectOf(lookup), ...Object.fromEntries(parents.map((p) => [p.key, { select: selectOf(p.lookup) }])) };
  const delegate = (tenantDb(ctx) as unknown as Record<string, CrumbDelegate>)[lookup.model];
  // Archived entities keep their details page, so no isArchived filter.
  const row = await delegate.findFirst({ where: { id: target.id }, select });
  if (!row) return {};
  const crumbs: Crumbs = {};
  for (const p of parents) crumbs[p.key] = item(ctx, p.lookup, row[p.key] as Row | null);
  crumbs[entity.key] = item(ctx, lookup, row);
  return crumbs;
}

let routes: CrumbRoutes | undefined;

/** How URLs name entities with a breadcrumb. */
export function consoleCrumbRoutes(): CrumbRoutes {
  routes ??= crumbRoutes(entityCatalog());
  return routes;
}

/** The entity whose breadcrumbs a console URL shows (lib/menu/routes.ts parseCrumbPath over the registry's routes). */
export function crumbTargetOf(path: string): CrumbTarget | null {
  return parseCrumbPath(path, consoleCrumbRoutes());
}

/** Crumbs of a console URL (path plus query), e.g. "/strategy/details/5". */
export function resolveCrumbsForPath(ctx: SessionContext, path: string): Promise<Crumbs> {
  return resolveCrumbs(ctx, crumbTargetOf(path));
}
