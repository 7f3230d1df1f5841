// A strategy's never-block apps (shell.md 2.13, 3, 7: GET and POST
// {strategyId}/appsneverBlock, validate sites, app search): apps a rule run
// never blocks (./rule-run.ts exempts them). Apps are dictionary entries
// (InventoryApp), the same for every licensee; the list belongs to the
// strategy, reached through the tenant-scoped client.
import "server-only";
import { writeActivity } from "../audit/activity";
import { diffItems } from "../audit/items";
import { validationError } from "../validation/errors";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import { APP_SEARCH, MAX_APP_ENTRIES } from "./app-list";
import { liveStrategy } from "./strategy";

const DAY_MS = 86_400_000;

export interface AppChoice {
  id: number;
  name: string;
  packageName: string;
}

const APP_FIELDS = { id: true, name: true, packageName: true } as const;

export async function neverBlockApps(db: Pick<TenantTx, "strategy" | "neverBlockApp">, strategyId: number): Promise<AppChoice[]> {
  await liveStrategy(db, strategyId);
  const rows = await db.neverBlockApp.findMany({ where: { strategyId }, include: { app: { select: APP_FIELDS } }, orderBy: { id: "asc" } });
  return rows.map((r) => r.app);
}

/**
 * Apps whose name or package contains `text` that delivered for the strategy
 * over the past 30 days (shell.md 9's look-back): the apps a user would want
 * to keep from being blocked.
 */
export async function searchStrategyApps(
  db: Pick<TenantTx, "strategy" | "inventoryApp">,
  strategyId: number,
  text: string,
  now: Date = new Date(),
): Promise<AppChoice[]> {
  await liveStrategy(db, strategyId);
  const query = text.trim();
  if (query.length < APP_SEARCH.minChars) return [];
  const since = new Date(now.getTime() - APP_SEARCH.lookBackDays * DAY_MS);
  return db.inventoryApp.findMany({
    where: {
      OR: [{ name: { contains: query, mode: "insensitive" } }, { packageName: { contains: query, mode: "insensitive" } }],
      deliveries: { some: { strategyId, hour: { gte: since } } },
    },
    select: APP_FIELDS,
    orderBy: { name: "asc" },
    take: APP_SEARCH.limit,
  });
}

/**
 * Entries matched to apps by package name (case-insensitive), else by exact
 * name; the others are invalid, returned as typed so the screen can leave them
 * in the box (shell.md 3 "Site validation result": validSites, invalidSites).
 */
export async function validateApps(db: Pick<TenantTx, "inventoryApp">, entries: readonly string[]): Promise<{ validSites: AppChoice[]; invalidSites: string[] }> {
  const wanted = [...new Set(entries.map((e) => e.trim()).filter(Boolean))].slice(0, MAX_APP_ENTRIES);
  if (wanted.length === 0) return { validSites: [], invalidSites: [] };
  const apps = await db.inventoryApp.findMany({
    where: { OR: [{ packageName: { in: wanted, mode: "insensitive" } }, { name: { in: wanted } }] },
    select: APP_FIELDS,
    orderBy: { id: "asc" },
  });
  const byPackage = new Map(apps.map((a) => [a.packageName.toLowerCase(), a]));
  const byName = new Map(apps.map((a) => [a.name, a]));
  const valid = new Map<number, AppChoice>();
  const invalidSites: string[] = [];
  for (const entry of wanted) {
    const app = byPackage.get(entry.toLowerCase()) ?? byName.get(entry);
    if (app) valid.set(app.id, app);
    else invalidSites.push(entry);
  }
  return { validSites: [...valid.values()], invalidSites };
}

/** Replaces the strategy's never-block apps with `appIds`, audited on the strategy. */
export async function saveNeverBlockApps(scope: ActionScope, strategyId: number, appIds: readonly number[]): Promise<AppChoice[]> {
  return withAuditedChange(scope, async (tx) => {
    const strategy = await liveStrategy(tx, strategyId);
    const ids = [...new Set(appIds)];
    const apps = await tx.inventoryApp.findMany({ where: { id: { in: ids } }, select: APP_FIELDS });
    if (apps.length !== ids.length) throw validationError(["appIds"], "Some of these apps do not exist");
    const before = await neverBlockApps(tx, strategyId);
    await tx.neverBlockApp.deleteMany({ where: { strategyId, appId: { notIn: ids } } });
    const kept = new Set(before.map((a) => a.id));
    const added = ids.filter((id) => !kept.has(id));
    if (added.length > 0) await tx.neverBlockApp.createMany({ data: added.map((appId) => ({ strategyId, appId })) });
    const after = await neverBlockApps(tx, strategyId);
    const change = diffItems("Never-block Apps", before.map((a) => a.name), after.map((a) => a.name));
    if (change) {
      await writeActivity(tx, scope.ctx, {
        action: "UPDATE",
        entityType: "STRATEGY",
        entityId: strategy.id,
        entityName: strategy.name,
        entityAdvertiserId: strategy.advertiserId,
        changes: [change],
      });
    }
    return after;
  });
}
