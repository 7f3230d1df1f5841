// A report definition as SQL (server-only; every value a parameter, every
// identifier from the whitelists below). The source is chosen by what the
// definition needs, the way lists read delivery (lib/metrics/query.ts):
// - only advertiser / campaign / strategy, no time dimension: rangeSource,
//   the running totals or the daily rollup plus edge hours (a year in any
//   timezone reads a few rows per strategy);
// - those plus date / week / month in UTC: DeliveryStrategyDaily (UTC days
//   are the report's days);
// - those plus hour, or days of another timezone: DeliveryStrategyHourly,
//   each hour counted for the local day it starts in (as lists do);
// - anything else (creative, site/app, aggregator, country, device, OS,
//   placement, creative set): the facts, DeliveryHourly, by (licenseeId, hour).
// Always the session's licensee (LICENSEE_PARAM): another licensee's ids in a
// filter match no row.
import "server-only";
import { Prisma } from "../generated/prisma/client";
import { LICENSEE_PARAM } from "../data/tenant-db";
import { rangeHoursSql, rangeSource, type DateRange } from "../metrics/query";
import { metricSql } from "../metrics/sql";
import type { BaseColumn } from "../metrics/formulas";
import type { ReportDefinition, ReportFilter } from "./definition";
import { BID_BANDS, isTimeDimension, type DimensionId } from "./dimensions";

export type ReportSource = "running" | "daily" | "hourly" | "facts";

// What the strategy rollups can group by: their entity columns and what the strategy row gives (its bid cap).
const ROLLUP_ENTITY: ReadonlySet<DimensionId> = new Set(["advertiser", "campaign", "strategy", "bidBand"]);
const ENTITY_COLUMNS = ["advertiserId", "campaignId", "strategyId"];
const FACT_COLUMNS = [...ENTITY_COLUMNS, "creativeId", "siteId", "appId", "aggregatorId", "country", "device"];

const q = (c: string) => Prisma.raw(`"${c}"`);

export function chooseSource(def: Pick<ReportDefinition, "dimensions" | "filters">, iana: string): ReportSource {
  const rollup = def.dimensions.every((d) => ROLLUP_ENTITY.has(d) || isTimeDimension(d)) && def.filters.every((f) => ROLLUP_ENTITY.has(f.dimension));
  if (!rollup) return "facts";
  const time = def.dimensions.filter(isTimeDimension);
  if (time.length === 0) return "running";
  return (iana === "UTC" || iana === "Etc/UTC") && !time.includes("hour") ? "daily" : "hourly";
}

/** The rows to sum, as a subquery with "hour" (not for "running"), the entity columns and `columns`. */
export async function sourceSql(source: ReportSource, range: DateRange, columns: readonly string[]): Promise<Prisma.Sql> {
  if (source === "running") return rangeSource(range, columns);
  const cols = (extra: string[]) => Prisma.raw(["hour", ...extra, ...columns].map((c) => `"${c}"`).join(", "));
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
