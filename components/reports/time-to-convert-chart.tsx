"use client";
// Time to convert as stacked bars, click and view conversions per band.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TimeToConvertRow } from "@/lib/reports/pixel-conversions";

export function TimeToConvertChart({ bands }: { bands: TimeToConvertRow[] }) {
  return (
    <div style={{ height: 240 }} className="w-full" data-testid="time-to-convert-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bands} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 10, fill: "#64748b" }} tickLine={false} interval={0} angle={-20} textAnchor="end" height={48} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={40} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="clickConversions" name="Click" stackId="c" fill="var(--color-primary)" />
          <Bar dataKey="viewConversions" name="View" stackId="c" fill="#94a3b8" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
