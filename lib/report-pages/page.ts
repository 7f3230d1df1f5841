// What a report page renders (server-only): the definition its URL holds
// (missing parts from the user's date range and timezone, a typed report's
// fixed metrics and groupings), the schema's messages when the URL is wrong,
// the result, and the builder's choices (timezones, the role's metrics, the
// countries and the names of the entity ids the filters hold).
import "server-only";
import type { SessionContext } from "../auth/context";
import { canWrite } from "../auth/roles";
import { referenceDb, tenantDb } from "../data/tenant-db";
import { fieldErrorsOf } from "../validation/errors";
import { PRESELECTED_METRIC_IDS } from "../metrics/catalogue";
import { optimizeEligibilityFor } from "../optimization/blocking/strategy";
import type { OptimizeEligibility } from "../optimization/blocking/schema";
import { getUserTimeSettings } from "../user-settings/queries";
import { ReportDefinitionSchema, type ReportDefinition, type ReportDefinitionInput } from "../reports/definition";
import { countryFilterOptions, filterValueLabels } from "./filter-search";
import type { FilterLabels, FilterOption } from "../reports/filter-values";
import { allowedReportMetricIds } from "../reports/metrics";
import { pixelConversions, type PixelConversionReport } from "../reports/pixel-conversions";
import { runReport, type ReportResult } from "../reports/run";
import { groupingOf, TYPED_REPORTS, type ReportKind } from "../reports/typed";
import { definitionFromSearch, definitionToSearch } from "../reports/url-state";
import { withWorkKind } from "../connections/work";
import { readFromReplica } from "../data/read-replica";

export type SearchParams = Record<string, string | string[] | undefined>;

export interface ReportPageData {
  kind: ReportKind;
  /** What the builder shows (the URL's values, defaults filled in). */
  input: ReportDefinitionInput;
  fieldErrors: Record<string, string>;
  formError?: string;
  definition: ReportDefinition | null;
  result: ReportResult | null;
  /** The query of the download links (the definition's URL state). */
  query: string;
  timezones: Array<{ id: number; name: string }>;
  /** The country filter's choices. */
  countries: FilterOption[];
  /** Names of the entity ids in the filters, so their chips show names (another licensee's: "unknown #id"). */
  filterLabels: FilterLabels;
  /** The conversion report's pixel tables. */
  pixels?: PixelConversionReport;
  /** Inventory report filtered to one strategy: its blocking dialog. */
  block?: { strategyId: number; strategyName: string; eligibility: OptimizeEligibility; canSave: boolean };
}

function toParams(search: SearchParams): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, x);
  return p;
}

async function blockTarget(ctx: SessionContext, def: ReportDefinition): Promise<ReportPageData["block"]> {
  const only = def.filters.filter((f) => f.dimension === "strategy" && f.op === "in");
  if (only.length !== 1 || only[0].values.length !== 1) return undefined;
  const strategy = await tenantDb(ctx).strategy.findFirst({ where: { id: Number(only[0].values[0]) }, select: { id: true, name: true } });
  if (!strategy) return undefined;
  return { strategyId: strategy.id, strategyName: strategy.name, eligibility: await optimizeEligibilityFor(ctx, strategy.id), canSave: canWrite(ctx.role) };
}

/** Everything a report page reads runs under the reports' statement timeout (the pixel tables too). */
export function loadReportPage(ctx: SessionContext, kind: ReportKind, search: SearchParams): Promise<ReportPageData> {
  return withWorkKind("reports", () => readFromReplica(ctx, () => reportPageOf(ctx, kind, search)));
}

async function reportPageOf(ctx: SessionContext, kind: ReportKind, search: SearchParams): Promise<ReportPageData> {
  const time = await getUserTimeSettings(ctx);
  const asked = definitionFromSearch(toParams(search));
  const typed = kind === "advanced" ? null : TYPED_REPORTS[kind];
  const input: ReportDefinitionInput = {
    dimensions: ["campaign"],
    metrics: allowedReportMetricIds(ctx.role, PRESELECTED_METRIC_IDS),
    from: time.range.from,
    to: time.range.to,
    timezoneId: time.timezoneId,
    ...asked,
    ...(typed ? { dimensions: groupingOf(typed, asked.dimensions).dimensions, metrics: allowedReportMetricIds(ctx.role, typed.metrics) } : {}),
  };
  if (typed && !asked.sort) input.sort = { by: typed.sortBy, desc: true };
  const timezones = await referenceDb().timezone.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
  // Also for a URL the schema refuses: its good ids still show by name beside the messages.
  const choices = { timezones, countries: countryFilterOptions(), filterLabels: await filterValueLabels(ctx, input.filters) };
  const parsed = ReportDefinitionSchema.safeParse(input);
  if (!parsed.success) {
    const { fieldErrors, formError } = fieldErrorsOf(parsed.error);
    return { kind, input, fieldErrors, formError, definition: null, result: null, query: "", ...choices };
  }
  const definition = parsed.data;
  const result = await runReport(ctx, definition);
  return {
    kind, input, fieldErrors: {}, definition, result, query: definitionToSearch(definition), ...choices,
    ...(kind === "conversion" ? { pixels: await pixelConversions(ctx, definition) } : {}),
    ...(kind === "inventory" ? { block: await blockTarget(ctx, definition) } : {}),
  };
}
