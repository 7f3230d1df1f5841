// COHORT tab (business.md 2, 3, 8): cohort info of an advertiser and its daily
// installs and revenue, revenue also converted with the cohort exchange rate.
// When the cohort info cannot be read, the spec's fallback applies: cohort
// off, exchange rate 1, currency USD.
import "server-only";
import { tenantDb } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import { ForbiddenError } from "../errors";
import { shellVisibility } from "../auth/roles";
import { log } from "../log";
import { metricsDaily, type DateRange } from "../metrics/query";

export interface CohortInfo {
  isCohortEnabled: boolean;
  exchangeRate: string;
  currencyCode: string;
}

export const COHORT_FALLBACK: CohortInfo = Object.freeze({ isCohortEnabled: false, exchangeRate: "1", currencyCode: "USD" });

export async function getCohortInfo(ctx: SessionContext, advertiserId: number): Promise<CohortInfo> {
  try {
    const row = await tenantDb(ctx).advertiser.findUnique({
      where: { id: advertiserId },
      select: { cohortEnabled: true, exchangeRate: true, cohortCurrencyCode: true },
    });
    if (!row) return COHORT_FALLBACK;
    return { isCohortEnabled: row.cohortEnabled, exchangeRate: row.exchangeRate.toString(), currencyCode: row.cohortCurrencyCode };
  } catch (err) {
    log.warn("cohort info unavailable, using the fallback", { advertiserId, err: err instanceof Error ? err : new Error(String(err)) });
    return COHORT_FALLBACK;
  }
}

export interface CohortDay {
  day: string;
  installs: number | null;
  revenue: number | null;
  /** Revenue in the cohort currency: revenue x exchange rate. */
  cohortRevenue: number | null;
}

export async function loadCohort(ctx: SessionContext, advertiserId: number, range: DateRange) {
  if (!shellVisibility(ctx.role).analyticsTabs) throw new ForbiddenError();
  const info = await getCohortInfo(ctx, advertiserId);
  if (!info.isCohortEnabled) return { info, days: [] as CohortDay[] };
  const rate = Number(info.exchangeRate);
  const daily = await metricsDaily(ctx, { level: "advertiser", id: advertiserId, range, metricIds: ["installs", "revenue"] });
  const days: CohortDay[] = daily.map(({ day, values }) => {
    const revenue = values.revenue ?? null;
    // Display only: the stored money stays exact; this is a rounded conversion for reading.
    return { day, installs: values.installs ?? null, revenue, cohortRevenue: revenue === null ? null : Math.round(revenue * rate * 100) / 100 };
  });
  return { info, days };
}
