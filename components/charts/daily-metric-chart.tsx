"use client";
// A daily series of one metric at a time (recharts), with a switch between
// the metrics the server sent (already filtered for the user's role).
import { useState } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate, formatMetricValue } from "@/lib/format";
import { MetricTabs } from "./metric-tabs";
import type { MetricType } from "@/lib/metrics/catalogue";

export interface ChartMetric {
  id: string;
  title: string;
  type: MetricType;
}

export interface DailyMetricChartProps {
  metrics: ChartMetric[];
  days: Array<{ day: string; values: Record<string, number | null> }>;
  currencyCode: string;
  height?: number;
}

export function DailyMetricChart({ metrics, days, currencyCode, height = 280 }: DailyMetricChartProps) {
  const [selected, setSelected] = useState(metrics[0]?.id);
  const metric = metrics.find((m) => m.id === selected) ?? metrics[0];
  if (!metric) return null;
  const data = days.map((d) => ({ day: d.day, value: d.values[metric.id] ?? null }));
  const format = (v: number | null | undefined) => formatMetricValue(v, metric.type, currencyCode);

  return (
    <div data-testid="daily-chart" data-metric={metric.id} data-points={data.length}>
      <MetricTabs metrics={metrics} selected={metric.id} onSelect={setSelected} testIdPrefix="chart-metric-">
        <div style={{ height }} className="w-full">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <defs>
                <linearGradient id="daily-chart-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.25} />
                  <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
              <XAxis
                dataKey="day"
                tickFormatter={(d: string) => formatDate(d).slice(0, 6)}
                tick={{ fontSize: 12, fill: "#64748b" }}
                tickLine={false}
                axisLine={{ stroke: "#cbd5e1" }}
                minTickGap={16}
              />
              <YAxis
                tickFormatter={(v: number) => format(v)}
                tick={{ fontSize: 12, fill: "#64748b" }}
                tickLine={false}
                axisLine={false}
                width={72}
              />
              <Tooltip
                formatter={(v) => [format(typeof v === "number" ? v : null), metric.title]}
                labelFormatter={(d) => formatDate(String(d))}
              />
              <Area
                type="monotone"
                dataKey="value"
                name={metric.title}
                stroke="var(--color-primary)"
                strokeWidth={2}
                fill="url(#daily-chart-fill)"
                isAnimationActive={false}
                connectNulls
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </MetricTabs>
    </div>
  );
}
