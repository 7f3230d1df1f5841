"use client";
// The general analysis's question: rows, columns, metric, dates and timezone.
// Apply puts them in the URL (bookmarkable); the page answers from there and
// shows the schema's messages beside these fields.
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { PeriodFields } from "./period-fields";
import { DIMENSION_LABELS } from "@/lib/reports/dimensions";
import { PIVOT_COLUMN_DIMENSIONS, PIVOT_ROW_DIMENSIONS } from "@/lib/slicex/schema";

export interface PivotControlsProps {
  input: Record<string, string>;
  fieldErrors: Record<string, string>;
  metrics: Array<{ id: string; title: string }>;
  timezones: Array<{ id: number; name: string }>;
}

export function PivotControls({ input, fieldErrors, metrics, timezones }: PivotControlsProps) {
  const router = useRouter();
  const [values, setValues] = useState(input);
  const set = (key: string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  function apply(e: FormEvent) {
    e.preventDefault();
    const p = new URLSearchParams({ rows: values.rows, cols: values.columns, metric: values.metric, from: values.from, to: values.to, tz: values.timezoneId });
    router.push(`/report/slicex/revenue?${p.toString()}`);
  }
  return (
    <form onSubmit={apply} aria-label="Pivot" className="grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs md:grid-cols-4 xl:grid-cols-7" data-testid="pivot-controls">
      <SelectField id="pivot-rows" label="Rows" value={values.rows} onChange={set("rows")} error={fieldErrors.rows}>
        {PIVOT_ROW_DIMENSIONS.map((d) => (
          <option key={d} value={d}>
            {DIMENSION_LABELS[d]}
          </option>
        ))}
      </SelectField>
      <SelectField id="pivot-columns" label="Columns" value={values.columns} onChange={set("columns")} error={fieldErrors.columns}>
        {PIVOT_COLUMN_DIMENSIONS.map((d) => (
          <option key={d} value={d}>
            {DIMENSION_LABELS[d]}
          </option>
        ))}
      </SelectField>
      <SelectField id="pivot-metric" label="Metric" value={values.metric} onChange={set("metric")} error={fieldErrors.metric}>
        {metrics.map((m) => (
          <option key={m.id} value={m.id}>
            {m.title}
          </option>
        ))}
      </SelectField>
      <PeriodFields idPrefix="pivot" values={values} errors={fieldErrors} timezones={timezones} onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))} />
      <Button type="submit" variant="primary" data-testid="pivot-apply">
        Apply
      </Button>
    </form>
  );
}
