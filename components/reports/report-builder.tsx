"use client";
// The report's controls: for the advanced report the dimensions, the metrics
// (grouped as the catalogue groups them, only those of the user's role),
// filters, dates, timezone and compare; for a typed report its groupings
// instead of the pickers. "Run report" writes the definition into the URL
// (lib/reports/url-state.ts), so the page re-renders on the server and the
// URL can be bookmarked. The shared schema checks it first: each message is
// shown beside its field and nothing is run. Filter values are chosen by name
// or from their lists (./filter-values-field.tsx), stored as ids and codes.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Checkbox, Field, FieldMessage, FormError, inputClass } from "@/components/ui/field";
import { RefreshingStatus } from "@/components/ui/refreshing-status";
import { DIMENSION_IDS, DIMENSION_LABELS, isTimeDimension, type DimensionId } from "@/lib/reports/dimensions";
import { ReportDefinitionSchema, type ReportDefinitionInput } from "@/lib/reports/definition";
import type { ReportMetricGroup } from "@/lib/reports/metrics";
import type { TypedReport } from "@/lib/reports/typed";
import type { FilterLabels, FilterOption } from "@/lib/reports/filter-values";
import { definitionToSearch } from "@/lib/reports/url-state";
import { FilterValuesField } from "./filter-values-field";

export interface MetricGroupOption {
  groupId: ReportMetricGroup;
  label: string;
  metrics: Array<{ id: string; title: string; hover: string }>;
}

export interface ReportBuilderProps {
  basePath: string;
  input: ReportDefinitionInput;
  fieldErrors: Record<string, string>;
  formError?: string;
  timezones: Array<{ id: number; name: string }>;
  /** The country filter's choices. */
  countries?: FilterOption[];
  /** Names of the entity ids the filters held when the page loaded. */
  filterLabels?: FilterLabels;
  /** The advanced report's metric picker (the role's metrics). */
  metricGroups?: MetricGroupOption[];
  /** A typed report's groupings instead of the pickers. */
  groupings?: TypedReport["groupings"];
}

const FILTERABLE = DIMENSION_IDS.filter((d) => !isTimeDimension(d));

/** `key`: stable across removals, so each row keeps its own picker (and the names it learnt). */
type FilterDraft = { key: number; dimension: DimensionId; op: "in" | "notIn"; values: string[] };

export function ReportBuilder({ basePath, input, fieldErrors, formError, timezones, countries = [], filterLabels = {}, metricGroups, groupings }: ReportBuilderProps) {
  const router = useRouter();
  const [dims, setDims] = useState<string[]>(input.dimensions);
  const [metrics, setMetrics] = useState<string[]>(input.metrics);
  const [from, setFrom] = useState(input.from);
  const [to, setTo] = useState(input.to);
  const [timezoneId, setTimezoneId] = useState(input.timezoneId ?? 805);
  const [compare, setCompare] = useState(input.compare ?? false);
  const [filters, setFilters] = useState<FilterDraft[]>(() => (input.filters ?? []).map((f, key) => ({ key, dimension: f.dimension, op: f.op ?? "in", values: f.values })));
  const [errors, setErrors] = useState<Record<string, string>>(fieldErrors);
  const [topError, setTopError] = useState<string | undefined>(formError);
  // Until the page arrives with the new result (the builder is then mounted again).
  const [running, startRun] = useTransition();

  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const errorOf = (path: string) => errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

  function run() {
    const definition: ReportDefinitionInput = {
      dimensions: dims as DimensionId[],
      metrics,
      from,
      to,
      timezoneId,
      compare,
      filters: filters.map((f) => ({ dimension: f.dimension, op: f.op, values: f.values })),
      // A sort by a column no longer chosen falls back to the report's default.
      ...(input.sort && (dims.includes(input.sort.by) || metrics.includes(input.sort.by)) ? { sort: input.sort } : {}),
      pageSize: input.pageSize,
    };
    const parsed = ReportDefinitionSchema.safeParse(definition);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      setTopError("Please correct the highlighted fields.");
      return;
    }
    setErrors({});
    setTopError(undefined);
    startRun(() => router.push(`${basePath}?${definitionToSearch(parsed.data)}`));
  }

  return (
    <form
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
      data-testid="report-builder"
      onSubmit={(e) => {
        e.preventDefault();
        run();
      }}
    >
      <FormError message={topError} />
      {groupings ? (
        <Field id="report-grouping" label="Group by" error={errorOf("dimensions")}>
          <select id="report-grouping" className={inputClass(false, { width: "w-72" })} value={dims.join(",")} onChange={(e) => setDims(e.target.value.split(","))}>
            {groupings.map((g) => (
              <option key={g.label} value={g.dimensions.join(",")}>
                {g.label}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Dimensions (in the order chosen)</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2" role="group" aria-label="Dimensions">
            {DIMENSION_IDS.map((d) => (
              <label key={d} className="flex items-center gap-1.5 text-sm text-slate-700">
                <Checkbox checked={dims.includes(d)} onChange={() => setDims(toggle(dims, d))} data-testid={`report-dim-${d}`} />
                {DIMENSION_LABELS[d]}
                {dims.includes(d) ? <span className="text-xs text-slate-500">({dims.indexOf(d) + 1})</span> : null}
              </label>
            ))}
          </div>
          <FieldMessage id="report-dimensions" error={errorOf("dimensions")} />
        </fieldset>
      )}
      {metricGroups ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Metrics ({metrics.length} chosen)</legend>
          <div className="mt-2 grid gap-2 md:grid-cols-2 xl:grid-cols-3">
            {metricGroups.map((g) => (
              <details key={g.groupId} className="rounded-md border border-slate-200 px-3 py-2" open={g.metrics.some((m) => metrics.includes(m.id))}>
                <summary className="cursor-pointer text-sm font-medium text-slate-700" data-testid={`report-metric-group-${g.groupId}`}>
                  {g.label} <span className="text-xs text-slate-500">({g.metrics.filter((m) => metrics.includes(m.id)).length}/{g.metrics.length})</span>
                </summary>
                <div className="mt-2 grid grid-cols-2 gap-1">
                  {g.metrics.map((m) => (
                    <label key={m.id} className="flex items-center gap-1.5 text-sm text-slate-700" title={m.hover}>
                      <Checkbox checked={metrics.includes(m.id)} onChange={() => setMetrics(toggle(metrics, m.id))} data-testid={`report-metric-${m.id}`} />
                      {m.title}
                    </label>
                  ))}
                </div>
              </details>
            ))}
          </div>
          <FieldMessage id="report-metrics" error={errorOf("metrics")} />
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-start gap-4">
        <Field id="report-from" label="From" error={errorOf("from")}>
          <input id="report-from" type="date" className={inputClass(!!errorOf("from"), { width: "w-44" })} value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="report-to" label="To" error={errorOf("to")}>
          <input id="report-to" type="date" className={inputClass(!!errorOf("to"), { width: "w-44" })} value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Field id="report-timezone" label="Timezone" error={errorOf("timezoneId")}>
          <select id="report-timezone" className={inputClass(false, { width: "w-72" })} value={timezoneId} onChange={(e) => setTimezoneId(Number(e.target.value))}>
            {timezones.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        <label className="mt-7 flex items-center gap-2 text-sm text-slate-700">
          <Checkbox checked={compare} onChange={(e) => setCompare(e.target.checked)} data-testid="report-compare" />
          Compare to the previous period
        </label>
      </div>
      <FilterEditor filters={filters} onChange={setFilters} errorOf={errorOf} countries={countries} filterLabels={filterLabels} />
      <div className="flex items-center justify-end gap-3">
        <RefreshingStatus active={running} />
        <Button type="submit" variant="primary" busy={running} data-testid="report-run">
          Run report
        </Button>
      </div>
    </form>
  );
}

interface FilterEditorProps {
  filters: FilterDraft[];
  onChange(next: FilterDraft[]): void;
  errorOf(path: string): string | undefined;
  countries: FilterOption[];
  filterLabels: FilterLabels;
}

function FilterEditor({ filters, onChange, errorOf, countries, filterLabels }: FilterEditorProps) {
  const set = (i: number, patch: Partial<FilterDraft>) => onChange(filters.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const nextKey = Math.max(-1, ...filters.map((f) => f.key)) + 1;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Filters</legend>
      <p className="text-xs text-slate-500">Advertisers, campaigns, strategies, creative sets, creatives, aggregators and sites / apps: type a name (or an id) and choose. Countries, device types, OS, placements and bid bands: choose from their lists.</p>
      <div className="mt-2 space-y-2">
        {filters.map((f, i) => (
          <div key={f.key} className="flex flex-wrap items-start gap-2" data-testid={`report-filter-${i}`}>
            {/* mt-6: level with the values box under its label. */}
            <select aria-label="Filter dimension" className={`mt-6 ${inputClass(false, { width: "w-44" })}`} value={f.dimension} onChange={(e) => set(i, { dimension: e.target.value as DimensionId, values: [] })}>
              {FILTERABLE.map((d) => (
                <option key={d} value={d}>
                  {DIMENSION_LABELS[d]}
                </option>
              ))}
            </select>
            <select aria-label="Filter operator" className={`mt-6 ${inputClass(false, { width: "w-32" })}`} value={f.op} onChange={(e) => set(i, { op: e.target.value as FilterDraft["op"] })}>
              <option value="in">is one of</option>
              <option value="notIn">is not one of</option>
            </select>
            <div className="min-w-64 flex-1">
              <FilterValuesField
                id={`report-filter-${i}-values`}
                dimension={f.dimension}
                values={f.values}
                onChange={(values) => set(i, { values })}
                known={filterLabels[f.dimension]}
                countries={countries}
                error={errorOf(`filters.${i}`)}
              />
            </div>
            <Button type="button" variant="ghost" size="sm" className="mt-6" onClick={() => onChange(filters.filter((_, j) => j !== i))}>
              Remove filter
            </Button>
          </div>
        ))}
      </div>
      <Button type="button" variant="link" size="sm" className="mt-1 px-0" onClick={() => onChange([...filters, { key: nextKey, dimension: "campaign", op: "in", values: [] }])} data-testid="report-add-filter">
        + Add filter
      </Button>
    </fieldset>
  );
}
