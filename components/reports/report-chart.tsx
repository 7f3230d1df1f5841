"use client";
// The page's rows as a chart of one metric at a time (recharts): a line over
// time when the report's first dimension is a time one, bars otherwise.
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMetricValue } from "@/lib/format";
import { MetricTabs } from "@/components/charts/metric-tabs";
import { isTimeDimension } from "@/lib/reports/dimensions";
import type { ReportResult } from "@/lib/reports/run";
import type { ColumnMetric } from "./report-table";

export function ReportChart({ result, metrics }: { result: ReportResult; metrics: ColumnMetric[] }) {
  const [selected, setSelected] = useState(metrics[0]?.id);
  const metric = metrics.find((m) => m.id === selected) ?? metrics[0];
  if (!metric || result.rows.length === 0) return null;
  const data = result.rows.map((r) => ({ label: result.dimensions.map((d) => r.labels[d]).join(" · "), value: r.values[metric.id] ?? null }));
  const format = (v: number | null | undefined) => formatMetricValue(v, metric.type, result.currencyCode);
  const overTime = isTimeDimension(result.dimensions[0]) && result.dimensions.length === 1;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
      <YAxis tickFormatter={(v: number) => format(v)} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={72} />
      <Tooltip formatter={(v) => [format(typeof v === "number" ? v : null), metric.title]} />
    </>
  );
  return (
    <div data-testid="report-chart" data-metric={metric.id} data-points={data.length} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <MetricTabs metrics={metrics} selected={metric.id} onSelect={setSelected}>
        <div style={{ height: 260 }} className="w-full">
          <ResponsiveContainer width="100%" height="100%">
            {overTime ? (
              <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                {axes}
                <Line type="monotone" dataKey="value" name={metric.title} stroke="var(--color-primary)" strokeWidth={2} dot={false} connectNulls />
              </LineChart>
            ) : (
              <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                {axes}
                <Bar dataKey="value" name={metric.title} fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
              </BarChart>
            )}
          </ResponsiveContainer>
        </div>
      </MetricTabs>
    </div>
  );
}
