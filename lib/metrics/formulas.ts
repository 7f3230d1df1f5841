// Metric formulas over summed delivery facts. Sums arrive as exact decimal
// strings (SQL NUMERIC), the arithmetic is done in Decimal and converted to a
// JS number only at the end, so money never picks up float error before it is
// formatted. A ratio whose denominator is zero is null (shown as '-').
//
// Definitions (shell.md 3; "e" = effective):
//   ctr  = clicks / impressions x 100
//   ctc  = (installs + conversions) / clicks x 100   click-to-conversion: every
//          post-click result the strategy optimises for (installs for app
//          campaigns, conversions for web) — one rate for both kinds
//   cvr  = conversions / clicks x 100
//   iti  = impressions / installs                     impressions per install
//   ecpm = cost / impressions x 1000, ecpc = cost / clicks, ecpi = cost / installs,
//   ecpa = cost / conversions, ecpo = cost / appOpens (media cost)
//   erpm, erpc, erpi, erpa, erpo: the same with revenue (advertiser spend)
//   roi  = advRevenue / revenue                       what the advertiser earned per unit spent
//   margin = (revenue - cost) / revenue x 100
//   rpr  = revenue / results, cpr = cost / results, results = installs + conversions + reEngagements
//   totalSkanInstalls = skanViewInstalls + skanClickInstalls
// Every other metric is the sum of its column. Unique-user columns are stored
// per hour, so their sums over several hours are approximations (a user active
// in two hours counts twice); the rollup holds nothing better.
import { Decimal } from "../generated/prisma/internal/prismaNamespaceBrowser";
import { ROLLUP_METRICS } from "./rollup";

export type BaseColumn = (typeof ROLLUP_METRICS)[number];
/** Summed rollup columns; values are decimal strings, numbers or bigints. */
export type BaseSums = Partial<Record<BaseColumn, string | number | bigint | null>>;

type D = InstanceType<typeof Decimal>;
type Formula = (s: (c: BaseColumn) => D) => D | null;

function ratio(num: D, den: D, scale = 1): D | null {
  return den.isZero() ? null : num.div(den).mul(scale);
}

const results = (s: (c: BaseColumn) => D) => s("installs").add(s("conversions")).add(s("reEngagements"));

/** Metric id → the rollup column it sums (ids differing from the column name only). */
const SUMS: Record<string, BaseColumn> = { appopen: "appOpens" };

const FORMULAS: Record<string, Formula> = {
  ctr: (s) => ratio(s("clicks"), s("impressions"), 100),
  ctc: (s) => ratio(s("installs").add(s("conversions")), s("clicks"), 100),
  cvr: (s) => ratio(s("conversions"), s("clicks"), 100),
  iti: (s) => ratio(s("impressions"), s("installs")),
  ecpm: (s) => ratio(s("cost"), s("impressions"), 1000),
  ecpc: (s) => ratio(s("cost"), s("clicks")),
  ecpi: (s) => ratio(s("cost"), s("installs")),
  ecpa: (s) => ratio(s("cost"), s("conversions")),
  ecpo: (s) => ratio(s("cost"), s("appOpens")),
  erpm: (s) => ratio(s("revenue"), s("impressions"), 1000),
  erpc: (s) => ratio(s("revenue"), s("clicks")),
  erpi: (s) => ratio(s("revenue"), s("installs")),
  erpa: (s) => ratio(s("revenue"), s("conversions")),
  erpo: (s) => ratio(s("revenue"), s("appOpens")),
  roi: (s) => ratio(s("advRevenue"), s("revenue")),
  margin: (s) => ratio(s("revenue").sub(s("cost")), s("revenue"), 100),
  rpr: (s) => ratio(s("revenue"), results(s)),
  cpr: (s) => ratio(s("cost"), results(s)),
  totalSkanInstalls: (s) => s("skanViewInstalls").add(s("skanClickInstalls")),
};

/** The rollup column a summed metric reads, or undefined for a computed metric. */
export function sumColumnOf(metricId: string): BaseColumn | undefined {
  if (Object.hasOwn(FORMULAS, metricId)) return undefined;
  return Object.hasOwn(SUMS, metricId) ? SUMS[metricId] : (metricId as BaseColumn);
}

/**
 * Values of the given metric ids from summed columns. Ids must be known
 * catalogue ids (the caller filters them by role first); an id that is
 * neither a formula nor a rollup column yields null.
 */
export function computeMetrics(sums: BaseSums, metricIds: readonly string[]): Record<string, number | null> {
  const cache = new Map<BaseColumn, D>();
  const s = (c: BaseColumn): D => {
    let d = cache.get(c);
    if (!d) {
      const v = sums[c];
      d = new Decimal(v === null || v === undefined ? 0 : v.toString());
      cache.set(c, d);
    }
    return d;
  };
  const out: Record<string, number | null> = {};
  for (const id of metricIds) {
    const formula = Object.hasOwn(FORMULAS, id) ? FORMULAS[id] : undefined;
    const col = formula ? undefined : sumColumnOf(id);
    const d = formula ? formula(s) : col && isBaseColumn(col) ? s(col) : null;
    out[id] = d === null ? null : d.toNumber();
  }
  return out;
}

const BASE = new Set<string>(ROLLUP_METRICS);

function isBaseColumn(c: string): c is BaseColumn {
  return BASE.has(c);
}
