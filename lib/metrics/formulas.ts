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
//   bidsLost = the five loss reasons; winRate = bidsWon / bidsPlaced x 100;
//   videoCompletionRate = videoCompletes / videoStarts x 100, videoSkipRate = videoSkips / videoStarts x 100
// Every other metric is the sum of its column. Unique-user columns are stored
// per hour, so their sums over several hours are approximations (a user active
// in two hours counts twice); the rollup holds nothing better.
import { Decimal } from "../generated/prisma/internal/prismaNamespaceBrowser";
import { ROLLUP_METRICS } from "./rollup";

export type BaseColumn = (typeof ROLLUP_METRICS)[number];
/** Summed rollup columns; values are decimal strings, numbers or bigints. */
export type BaseSums = Partial<Record<BaseColumn, string | number | bigint | null>>;

type D = InstanceType<typeof Decimal>;

/**
 * A formula as data, so one definition is evaluated two ways: exactly in
 * Decimal for the values shown (computeMetrics) and as SQL for sorting a list
 * by the metric in the database (./sql.ts). A ratio with a zero denominator is null.
 */
export type Expr = { col: BaseColumn } | { add: Expr[] } | { sub: [Expr, Expr] } | { ratio: [Expr, Expr]; scale?: number };

const col = (c: BaseColumn): Expr => ({ col: c });
const ratio = (num: Expr | BaseColumn, den: Expr | BaseColumn, scale?: number): Expr => ({
  ratio: [typeof num === "string" ? col(num) : num, typeof den === "string" ? col(den) : den],
  ...(scale === undefined ? {} : { scale }),
});
const add = (...cs: BaseColumn[]): Expr => ({ add: cs.map(col) });
const results = add("installs", "conversions", "reEngagements");

/** Metric id → the rollup column it sums (ids differing from the column name only). */
const SUMS: Record<string, BaseColumn> = { appopen: "appOpens" };

export const FORMULAS: Record<string, Expr> = {
  ctr: ratio("clicks", "impressions", 100),
  ctc: ratio(add("installs", "conversions"), "clicks", 100),
  cvr: ratio("conversions", "clicks", 100),
  iti: ratio("impressions", "installs"),
  ecpm: ratio("cost", "impressions", 1000),
  ecpc: ratio("cost", "clicks"),
  ecpi: ratio("cost", "installs"),
  ecpa: ratio("cost", "conversions"),
  ecpo: ratio("cost", "appOpens"),
  erpm: ratio("revenue", "impressions", 1000),
  erpc: ratio("revenue", "clicks"),
  erpi: ratio("revenue", "installs"),
  erpa: ratio("revenue", "conversions"),
  erpo: ratio("revenue", "appOpens"),
  roi: ratio("advRevenue", "revenue"),
  margin: ratio({ sub: [col("revenue"), col("cost")] }, "revenue", 100),
  rpr: ratio("revenue", results),
  cpr: ratio("cost", results),
  totalSkanInstalls: add("skanViewInstalls", "skanClickInstalls"),
  // Report-only metrics (lib/reports/metrics.ts): bid outcomes and video.
  bidsLost: add("lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther"),
  winRate: ratio("bidsWon", "bidsPlaced", 100),
  videoCompletionRate: ratio("videoCompletes", "videoStarts", 100),
  videoSkipRate: ratio("videoSkips", "videoStarts", 100),
};

function evaluate(e: Expr, s: (c: BaseColumn) => D): D | null {
  if ("col" in e) return s(e.col);
  if ("add" in e) {
    let sum = new Decimal(0);
    for (const x of e.add) {
      const v = evaluate(x, s);
      if (v === null) return null;
      sum = sum.add(v);
    }
    return sum;
  }
  if ("sub" in e) {
    const [a, b] = e.sub.map((x) => evaluate(x, s));
    return a === null || b === null ? null : a.sub(b);
  }
  const [num, den] = e.ratio.map((x) => evaluate(x, s));
  return num === null || den === null || den.isZero() ? null : num.div(den).mul(e.scale ?? 1);
}

/** The formula of a computed metric, or undefined for a summed one. */
export function formulaOf(metricId: string): Expr | undefined {
  return Object.hasOwn(FORMULAS, metricId) ? FORMULAS[metricId] : undefined;
}

/** The rollup column a summed metric reads, or undefined for a computed metric. */
export function sumColumnOf(metricId: string): BaseColumn | undefined {
  if (Object.hasOwn(FORMULAS, metricId)) return undefined;
  return Object.hasOwn(SUMS, metricId) ? SUMS[metricId] : (metricId as BaseColumn);
}

/** The rollup columns the given metrics are computed from (what a statement must sum for them), in catalogue order. */
export function baseColumnsOf(metricIds: readonly string[]): BaseColumn[] {
  const used = new Set<BaseColumn>();
  const walk = (e: Expr): void => {
    if ("col" in e) used.add(e.col);
    else if ("add" in e) e.add.forEach(walk);
    else if ("sub" in e) e.sub.forEach(walk);
    else e.ratio.forEach(walk);
  };
  for (const id of metricIds) {
    const formula = formulaOf(id);
    const column = formula ? undefined : sumColumnOf(id);
    if (formula) walk(formula);
    else if (column && isBaseColumn(column)) used.add(column);
  }
  return ROLLUP_METRICS.filter((c) => used.has(c));
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
    const formula = formulaOf(id);
    const column = formula ? undefined : sumColumnOf(id);
    const d = formula ? evaluate(formula, s) : column && isBaseColumn(column) ? s(column) : null;
    out[id] = d === null ? null : d.toNumber();
  }
  return out;
}

const BASE = new Set<string>(ROLLUP_METRICS);

export function isBaseColumn(c: string): c is BaseColumn {
  return BASE.has(c);
}
