// What a report row shows for its dimension keys: the names of the
// licensee's advertisers, campaigns, strategies, creatives and creative sets
// (read through the tenant client: only the licensee's), of aggregators,
// sites and apps (reference data), and readable text for the rest.
import "server-only";
import type { SessionContext } from "../auth/context";
import { referenceDb, tenantDb } from "../data/tenant-db";
import { DIMENSION_LABELS, type DimensionId } from "./dimensions";

export type KeyLabels = Map<string, string>;

/** How a site or an app is named in report rows and in the filter's chips (the same text in both). */
export const appLabel = (a: { name: string; packageName: string }) => `${a.name} (${a.packageName})`;
export const siteLabel = (s: { name: string; domain: string }) => `${s.name} (${s.domain})`;

const ids = (keys: Iterable<string>) => [...new Set([...keys].filter((k) => /^\d+$/.test(k)).map(Number))];
const named = (rows: Array<{ id: number; name: string }>): KeyLabels => new Map(rows.map((r) => [String(r.id), r.name]));

async function entityNames(ctx: SessionContext, dim: DimensionId, keys: Set<string>): Promise<KeyLabels> {
  const where = { id: { in: ids(keys) } };
  const select = { id: true, name: true } as const;
  const t = tenantDb(ctx);
  switch (dim) {
    case "advertiser":
      return named(await t.advertiser.findMany({ where, select }));
    case "campaign":
      return named(await t.campaign.findMany({ where, select }));
    case "strategy":
      return named(await t.strategy.findMany({ where, select }));
    case "creative":
      return named(await t.creative.findMany({ where, select }));
    case "creativeSet":
      return named(await t.creativeSet.findMany({ where, select }));
    case "aggregator":
      return named(await referenceDb().aggregator.findMany({ where, select }));
    case "inventory": {
      const of = (kind: string) => ids([...keys].filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1)));
      const [apps, sites] = await Promise.all([
        referenceDb().inventoryApp.findMany({ where: { id: { in: of("app") } }, select: { id: true, name: true, packageName: true } }),
        referenceDb().inventorySite.findMany({ where: { id: { in: of("site") } }, select: { id: true, name: true, domain: true } }),
      ]);
      return new Map([
        ...apps.map((a) => [`app:${a.id}`, appLabel(a)] as const),
        ...sites.map((s) => [`site:${s.id}`, siteLabel(s)] as const),
      ]);
    }
    default:
      return new Map();
  }
}

/** Labels of the given keys per dimension; a key without a label shows as itself ("" as 'Unknown'). */
export async function labelKeys(ctx: SessionContext, keysByDimension: Map<DimensionId, Set<string>>): Promise<Map<DimensionId, KeyLabels>> {
  const out = new Map<DimensionId, KeyLabels>();
  // Sequential: one connection may serve the request (PGlite).
  for (const [dim, keys] of keysByDimension) out.set(dim, await entityNames(ctx, dim, keys));
  return out;
}

const NAMED: ReadonlySet<DimensionId> = new Set(["advertiser", "campaign", "strategy", "creative", "creativeSet", "aggregator", "inventory"]);

export function labelOf(dim: DimensionId, key: string, labels: KeyLabels | undefined): string {
  if (key === "") return dim === "creativeSet" ? "(no creative set)" : "Unknown";
  const name = labels?.get(key);
  if (name !== undefined) return name;
  if (dim === "week") return `Week of ${key}`;
  // A named entity whose name could not be read (e.g. deleted reference data): its kind and key.
  return NAMED.has(dim) ? `${DIMENSION_LABELS[dim]} ${key}` : key;
}
