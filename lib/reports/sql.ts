// A report definition as SQL (server-only; every value a parameter, every
// identifier from the whitelists below). The source is chosen by what the
// definition needs, the way lists read delivery (lib/metrics/query.ts):
// - only advertiser / campaign / strategy, no time dimension: rangeSource,
//   the running totals or the daily rollup plus edge hours (a year in any
//   timezone reads a few rows per strategy);
// - time (date, hour, week, month) with at most advertiser and campaign:
//   the scope rollup of the finest of them (lib/metrics/scope.ts), per UTC
//   day in UTC without the hour, per UTC hour otherwise: one row per scope
//   and hour or day, whatever the number of strategies;
// - time with strategy or bid band, in UTC by date / week / month:
//   DeliveryStrategyDaily (UTC days are the report's days);
// - those with hour, or days of another timezone: DeliveryStrategyHourly,
//   each hour counted for the local day it starts in (as lists do);
// - anything else (creative, site/app, aggregator, country, device, OS,
//   placement, creative set): the facts, DeliveryHourly, by (licenseeId,
//   hour): only they hold those dimensions, so these read every fact of the
//   range. Totals need no dimension: they read the running totals whenever
//   the filters allow (lib/reports/run.ts).
// Always the session's licensee (LICENSEE_PARAM): another licensee's ids in a
// filter match no row.
import "server-only";
import { Prisma } from "../generated/prisma/client";
import { LICENSEE_PARAM } from "../data/tenant-db";
import { rangeHoursSql, rangeSource, type DateRange } from "../metrics/query";
import { isUtcZone, scopeSource, type ScopeLevel } from "../metrics/scope";
import { metricSql } from "../metrics/sql";
import type { BaseColumn } from "../metrics/formulas";
import type { ReportFilter } from "./definition";
import { BID_BANDS, isTimeDimension, type DimensionId } from "./dimensions";

export type ReportSource = "running" | "scope" | "daily" | "hourly" | "facts";

// What the strategy rollups can group by: their entity columns and what the strategy row gives (its bid cap).
const ROLLUP_ENTITY: ReadonlySet<DimensionId> = new Set(["advertiser", "campaign", "strategy", "bidBand"]);
const ENTITY_COLUMNS = ["advertiserId", "campaignId", "strategyId"];
const FACT_COLUMNS = [...ENTITY_COLUMNS, "creativeId", "siteId", "appId", "aggregatorId", "country", "device"];

const q = (c: string) => Prisma.raw(`"${c}"`);

type Shape = { dimensions: readonly DimensionId[]; filters: readonly ReportFilter[] };

/** The non-time dimensions a definition groups or filters by. */
const entitiesOf = (def: Shape) => [...def.dimensions.filter((d) => !isTimeDimension(d)), ...def.filters.map((f) => f.dimension)];

/** The filters the strategy rollups can apply (no fact-only dimension): the totals can then read the running totals. */
export const rollupFilters = (filters: readonly ReportFilter[]) => filters.every((f) => ROLLUP_ENTITY.has(f.dimension));

export function chooseSource(def: Shape, iana: string): ReportSource {
  const rollup = def.dimensions.every((d) => ROLLUP_ENTITY.has(d) || isTimeDimension(d)) && rollupFilters(def.filters);
  if (!rollup) return "facts";
  const time = def.dimensions.filter(isTimeDimension);
  if (time.length === 0) return "running";
  if (entitiesOf(def).every((d) => d === "advertiser" || d === "campaign")) return "scope";
  return isUtcZone(iana) && !time.includes("hour") ? "daily" : "hourly";
}

/** The scope rollup's level a "scope" definition reads: the finest entity it groups or filters by. */
function scopeLevelOf(def: Shape): ScopeLevel {
  const used = entitiesOf(def);
  return used.includes("campaign") ? "campaign" : used.includes("advertiser") ? "advertiser" : "licensee";
}

/**
 * The rows to sum, as a subquery with "hour" (not for "running"), the entity
 * columns and `columns`; `def` (its dimensions and filters) and the
 * timezone tell a "scope" source its level and grain.
 */
export async function sourceSql(source: ReportSource, range: DateRange, columns: readonly string[], def: Shape & { iana: string }): Promise<Prisma.Sql> {
  if (source === "running") return rangeSource(range, columns);
  const cols = (extra: string[]) => Prisma.raw(["hour", ...extra, ...columns].map((c) => `"${c}"`).join(", "));
  if (source === "scope") {
    const grain = isUtcZone(def.iana) && !def.dimensions.includes("hour") ? 24 : 1;
    const start = Prisma.sql`(${range.from}::date::timestamp AT TIME ZONE ${def.iana})`;
    const end = Prisma.sql`((${range.to}::date + 1)::timestamp AT TIME ZONE ${def.iana})`;
    return scopeSource({ level: scopeLevelOf(def), grain, start, end }, columns);
  }
  if (source === "daily") {
    const sums = Prisma.raw(["advertiserId", "campaignId", "strategyId", ...columns].map((c) => `"${c}"`).join(", "));
    return Prisma.sql`(SELECT ("day"::timestamp AT TIME ZONE 'UTC') AS "hour", ${sums} FROM "DeliveryStrategyDaily"
      WHERE "licenseeId" = ${LICENSEE_PARAM} AND "day" >= ${range.from}::date AND "day" <= ${range.to}::date)`;
  }
  const hours = await rangeHoursSql(range, Prisma.sql`"hour"`);
  const table = source === "hourly" ? Prisma.raw(`"DeliveryStrategyHourly"`) : Prisma.raw(`"DeliveryHourly"`);
  return Prisma.sql`(SELECT ${cols(source === "hourly" ? ENTITY_COLUMNS : FACT_COLUMNS)} FROM ${table} WHERE "licenseeId" = ${LICENSEE_PARAM} AND ${hours})`;
}

/** A dimension's key over the source row `d` (text, never NULL: "" for none). */
export function keySql(dim: DimensionId, iana: string): Prisma.Sql {
  const local = Prisma.sql`(d."hour" AT TIME ZONE ${iana})`;
  switch (dim) {
    case "date":
      return Prisma.sql`to_char(${local}, 'YYYY-MM-DD')`;
    case "hour":
      return Prisma.sql`to_char(${local}, 'YYYY-MM-DD HH24:00')`;
    case "week":
      return Prisma.sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
    case "month":
      return Prisma.sql`to_char(${local}, 'YYYY-MM')`;
    case "creativeSet":
      return Prisma.sql`coalesce(csc."creativeSetId"::text, '')`;
    case "os":
      return Prisma.sql`coalesce(ia."platform"::text, '')`;
    case "placement":
      return Prisma.sql`(CASE WHEN d."device" = 'CTV' THEN 'CTV' WHEN d."appId" IS NOT NULL THEN 'APP' WHEN d."siteId" IS NOT NULL THEN 'SITE' ELSE '' END)`;
    case "inventory":
      return Prisma.sql`(CASE WHEN d."appId" IS NOT NULL THEN 'app:' || d."appId" WHEN d."siteId" IS NOT NULL THEN 'site:' || d."siteId" ELSE '' END)`;
    case "bidBand": {
      const cases = BID_BANDS.map(([label, low]) => Prisma.sql`WHEN st."bidCapMax" >= ${low} THEN ${label}`).reverse();
      return Prisma.sql`(CASE ${Prisma.join(cases, " ")} ELSE '' END)`;
    }
    case "country":
    case "device":
      return Prisma.sql`d.${q(dim)}`;
    default:
      return Prisma.sql`coalesce(d.${q(`${dim}Id`)}::text, '')`;
  }
}

/** Dimensions whose keys are ids: ordered as numbers. */
const NUMERIC_KEYS: ReadonlySet<DimensionId> = new Set(["advertiser", "campaign", "strategy", "creative", "creativeSet", "aggregator"]);

export function keyOrderSql(dim: DimensionId, alias: string): Prisma.Sql {
  const k = Prisma.raw(`${alias}."${dim}"`);
  return NUMERIC_KEYS.has(dim) ? Prisma.sql`NULLIF(${k}, '')::bigint` : k;
}

/** A filter as a condition on `d` (the creative set through its creatives: no join that would repeat facts). */
export function filterSql(f: ReportFilter, iana: string): Prisma.Sql {
  const dim = f.dimension;
  const values = f.values;
  let match: Prisma.Sql;
  if (dim === "creativeSet") {
    match = Prisma.sql`d."creativeId" IN (SELECT "creativeId" FROM "CreativeSetCreative" WHERE "creativeSetId" = ANY(${values}::text[]::int[]))`;
  } else if (dim === "advertiser" || dim === "campaign" || dim === "strategy" || dim === "creative") {
    match = Prisma.sql`d.${q(`${dim}Id`)} = ANY(${values}::text[]::int[])`;
  } else {
    match = Prisma.sql`${keySql(dim, iana)} = ANY(${values}::text[])`;
  }
  return f.op === "in" ? match : Prisma.sql`NOT coalesce(${match}, false)`;
}

/** Joins a grouping or filter needs: creative sets (grouping only: it repeats a fact per set), apps (OS), strategies (bid band). */
export function joinsSql(dims: readonly string[], filters: readonly ReportFilter[]): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (dims.includes("creativeSet")) parts.push(Prisma.sql`LEFT JOIN "CreativeSetCreative" csc ON csc."creativeId" = d."creativeId"`);
  const uses = (dim: DimensionId) => dims.includes(dim) || filters.some((f) => f.dimension === dim);
  if (uses("os")) parts.push(Prisma.sql`LEFT JOIN "InventoryApp" ia ON ia.id = d."appId"`);
  if (uses("bidBand")) parts.push(Prisma.sql`JOIN "Strategy" st ON st.id = d."strategyId"`);
  return parts.length ? Prisma.join(parts, " ") : Prisma.empty;
}

export function whereSql(filters: readonly ReportFilter[], iana: string): Prisma.Sql {
  return filters.length ? Prisma.join(filters.map((f) => filterSql(f, iana)), " AND ") : Prisma.sql`TRUE`;
}

/** The base columns the metrics read (their formulas' columns). */
export function columnsOf(metricIds: readonly string[]): BaseColumn[] {
  const used = new Set<BaseColumn>();
  for (const id of metricIds) {
    metricSql(id, (c) => {
      used.add(c);
      return Prisma.empty;
    });
  }
  return [...used];
}

/** `sum(d."c")` per column, optionally as exact text. */
export function sumsSql(columns: readonly string[], asText: boolean): Prisma.Sql {
  if (columns.length === 0) return Prisma.sql`0 AS "__none"`;
  return Prisma.raw(columns.map((c) => `sum(d."${c}")${asText ? "::text" : ""} AS "${c}"`).join(", "));
}
