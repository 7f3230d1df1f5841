// What the SliceX pages render (server-only): the query their URL holds,
// missing parts from the user's date range and timezone, the schema's
// messages when the URL is wrong, and the choices of their controls.
import "server-only";
import type { SessionContext } from "../auth/context";
import { fieldErrorsOf } from "../validation/errors";
import { referenceDb } from "../data/tenant-db";
import { canSeeMetric } from "../auth/roles";
import { REPORT_METRICS } from "../reports/metrics";
import { getUserTimeSettings } from "../user-settings/queries";
import { loadBusinessReport, loadPivot, type BusinessReport, type PivotView } from "./queries";
import { BusinessQuerySchema, PivotQuerySchema, type BusinessQuery, type PivotQuery } from "./schema";

export type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function choices(ctx: SessionContext) {
  const timezones = await referenceDb().timezone.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
  const metrics = REPORT_METRICS.filter((m) => canSeeMetric(ctx.role, m)).map((m) => ({ id: m.id, title: m.title, type: m.type }));
  return { timezones, metrics };
}

async function defaults(ctx: SessionContext, search: SearchParams) {
  const time = await getUserTimeSettings(ctx);
  return { from: one(search.from) ?? time.range.from, to: one(search.to) ?? time.range.to, timezoneId: one(search.tz) ?? String(time.timezoneId) };
}

export interface PivotPageData extends Awaited<ReturnType<typeof choices>> {
  input: Record<string, string>;
  fieldErrors: Record<string, string>;
  query: PivotQuery | null;
  view: PivotView | null;
}

export async function loadPivotPage(ctx: SessionContext, search: SearchParams): Promise<PivotPageData> {
  const input = { rows: one(search.rows) ?? "campaign", columns: one(search.cols) ?? "date", metric: one(search.metric) ?? "impressions", ...(await defaults(ctx, search)) };
  const parsed = PivotQuerySchema.safeParse(input);
  const base = { ...(await choices(ctx)), input };
  if (!parsed.success) return { ...base, fieldErrors: fieldErrorsOf(parsed.error).fieldErrors, query: null, view: null };
  return { ...base, fieldErrors: {}, query: parsed.data, view: await loadPivot(ctx, parsed.data) };
}

export interface BusinessPageData {
  timezones: Array<{ id: number; name: string }>;
  input: Record<string, string>;
  fieldErrors: Record<string, string>;
  query: BusinessQuery | null;
  report: BusinessReport | null;
}

export async function loadBusinessPage(ctx: SessionContext, search: SearchParams): Promise<BusinessPageData> {
  const time = await getUserTimeSettings(ctx);
  // Default: the last 12 weeks up to yesterday, so growth has periods to compare.
  const from = new Date(Date.parse(`${time.range.to}T00:00:00Z`) - 83 * 86_400_000).toISOString().slice(0, 10);
  const input = { grain: one(search.grain) ?? "week", from: one(search.from) ?? from, to: one(search.to) ?? time.range.to, timezoneId: one(search.tz) ?? String(time.timezoneId) };
  const { timezones } = await choices(ctx);
  const parsed = BusinessQuerySchema.safeParse(input);
  if (!parsed.success) return { timezones, input, fieldErrors: fieldErrorsOf(parsed.error).fieldErrors, query: null, report: null };
  return { timezones, input, fieldErrors: {}, query: parsed.data, report: await loadBusinessReport(ctx, parsed.data) };
}
