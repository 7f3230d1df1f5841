// The conversion report's pixel tables: each pixel's fires in the
// range and the conversions credited through it (click or view attribution,
// value, mean time to convert), and how long after the click or impression
// those conversions came, by band.
// - Fires: recent ones cut at the report's local days; older ones from the
//   per-UTC-day rollup (PixelFireDaily).
// - Conversions: PixelConversionHourly, written when a fire is credited
//   (lib/attribution/conversion.ts), each hour counted for the local day it
//   starts in, as the rest of the report does.
// The report's filters on advertiser, campaign, strategy, creative and
// creative set apply to the conversions (and an advertiser filter to the
// pixels); conversions carry no site, country or device, so filters on those
// are named as not applying rather than silently dropped.
import "server-only";
import type { SessionContext } from "../auth/context";
import { LICENSEE_PARAM, tenantDb } from "../data/tenant-db";
import { Prisma } from "../generated/prisma/client";
import { TIME_TO_CONVERT_BANDS } from "../attribution/time-to-convert";
import { rangeHoursSql, type DateRange } from "../metrics/query";
import { timezoneIana } from "../user-settings/timezones";
import type { ReportDefinition } from "./definition";
import { DIMENSION_LABELS, type DimensionId } from "./dimensions";
import { filterSql } from "./sql";

export interface PixelConversionRow {
  id: number;
  name: string;
  type: string;
  fires: number;
  conversions: number;
  clickConversions: number;
  viewConversions: number;
  value: number;
  /** Mean seconds from click or impression to the fire; null without conversions. */
  meanSecondsToConvert: number | null;
}

export interface TimeToConvertRow {
  label: string;
  clickConversions: number;
  viewConversions: number;
}

export interface PixelConversionReport {
  pixels: PixelConversionRow[];
  timeToConvert: TimeToConvertRow[];
  /** Titles of the report's filter dimensions that pixel conversions cannot be filtered by. */
  filtersNotApplied: string[];
}

const CONVERSION_FILTERS: ReadonlySet<DimensionId> = new Set(["advertiser", "campaign", "strategy", "creative", "creativeSet"]);

type Range = Pick<ReportDefinition, "from" | "to" | "timezoneId" | "filters">;

export async function pixelConversions(ctx: SessionContext, def: Range, limit = 100): Promise<PixelConversionReport> {
  const range: DateRange = { from: def.from, to: def.to, timezoneId: def.timezoneId };
  const iana = await timezoneIana(range.timezoneId);
  const applied = def.filters.filter((f) => CONVERSION_FILTERS.has(f.dimension));
  const onConversions = Prisma.join([Prisma.sql`TRUE`, ...applied.map((f) => filterSql(f, iana))], " AND ");
  // The pixel's own advertiser: `d` is the pixel row here.
  const onPixels = Prisma.join([Prisma.sql`TRUE`, ...applied.filter((f) => f.dimension === "advertiser").map((f) => filterSql(f, iana))], " AND ");
  const fireHours = await rangeHoursSql(range, Prisma.sql`f."firedAt"`);
  const conversionHours = await rangeHoursSql(range, Prisma.sql`d."hour"`);
  const client = tenantDb(ctx);

  const conversions = Prisma.sql`
    SELECT d."pixelId", d."attribution", d."ttcBand", d."conversions", d."secondsToConvert", d."value"
    FROM "PixelConversionHourly" d WHERE d."licenseeId" = ${LICENSEE_PARAM} AND ${conversionHours} AND ${onConversions}`;
  const pixelRows = await client.$queryRaw<Array<Record<string, unknown>>>`
    WITH c AS (${conversions}), by_pixel AS (
      SELECT "pixelId", sum("conversions") AS conversions,
        coalesce(sum("conversions") FILTER (WHERE "attribution" = 'click'), 0) AS click,
        coalesce(sum("conversions") FILTER (WHERE "attribution" = 'view'), 0) AS view,
        sum("value") AS value, sum("secondsToConvert") AS seconds
      FROM c GROUP BY "pixelId"
    )
    SELECT d.id, d.name, d.type::text AS type,
      (SELECT count(*) FROM "PixelFire" f WHERE f."pixelId" = d.id AND ${fireHours})
      + coalesce((SELECT sum(x.fires) FROM "PixelFireDaily" x WHERE x."pixelId" = d.id AND x.day >= ${range.from}::date AND x.day <= ${range.to}::date), 0) AS fires,
      coalesce(b.conversions, 0) AS conversions, coalesce(b.click, 0) AS click, coalesce(b.view, 0) AS view,
      coalesce(b.value, 0)::float8 AS value, (b.seconds::float8 / nullif(b.conversions, 0)) AS seconds
    FROM "Pixel" d LEFT JOIN by_pixel b ON b."pixelId" = d.id
    WHERE d."licenseeId" = ${LICENSEE_PARAM} AND (NOT d."isArchived" OR b.conversions > 0) AND ${onPixels}
    ORDER BY 5 DESC, 4 DESC, d.id ASC LIMIT ${limit}`;
  const bandRows = await client.$queryRaw<Array<{ band: number; click: bigint | number; view: bigint | number }>>`
    WITH c AS (${conversions})
    SELECT "ttcBand"::int AS band,
      coalesce(sum("conversions") FILTER (WHERE "attribution" = 'click'), 0) AS click,
      coalesce(sum("conversions") FILTER (WHERE "attribution" = 'view'), 0) AS view
    FROM c GROUP BY 1`;

  const byBand = new Map(bandRows.map((r) => [Number(r.band), r]));
  return {
    pixels: pixelRows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      type: String(r.type),
      fires: Number(r.fires),
      conversions: Number(r.conversions),
      clickConversions: Number(r.click),
      viewConversions: Number(r.view),
      value: Number(r.value),
      meanSecondsToConvert: r.seconds === null ? null : Number(r.seconds),
    })),
    timeToConvert: TIME_TO_CONVERT_BANDS.map((band, i) => ({
      label: band.label,
      clickConversions: Number(byBand.get(i)?.click ?? 0),
      viewConversions: Number(byBand.get(i)?.view ?? 0),
    })),
    filtersNotApplied: [...new Set(def.filters.filter((f) => !CONVERSION_FILTERS.has(f.dimension)).map((f) => DIMENSION_LABELS[f.dimension]))],
  };
}
