"use client";
// The audience's users per day (recharts): a line of the total at the end of
// each day (left axis) over bars of the users who joined that day (right
// axis: a day's joins are far fewer than the total). Loaded lazily by
// ./audience-users-section.tsx, so recharts is not in the page's first load.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AudienceChartDay } from "@/lib/audiences/chart/schema";
import { formatDate } from "@/lib/format";

export const SERIES = { totalUsers: "Total users", newUsers: "New users" } as const;

const users = (v: unknown) => (typeof v === "number" ? v.toLocaleString("en-US") : "-");
const TICK = { fontSize: 12, fill: "#64748b" };

export function AudienceUsersChart({ days }: { days: AudienceChartDay[] }) {
  return (
    // As tall as the section's placeholder and empty text (h-[280px]).
    <div className="h-[280px] w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(d: string) => formatDate(d).slice(0, 6)} tick={TICK} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={16} />
          <YAxis yAxisId="total" tickFormatter={users} tick={TICK} tickLine={false} axisLine={false} width={72} allowDecimals={false} />
          <YAxis yAxisId="new" orientation="right" tickFormatter={users} tick={TICK} tickLine={false} axisLine={false} width={56} allowDecimals={false} />
          <Tooltip formatter={(v, name) => [users(v), name]} labelFormatter={(d) => formatDate(String(d))} />
          <Legend />
          <Bar yAxisId="new" dataKey="newUsers" name={SERIES.newUsers} fill="#94a3b8" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line yAxisId="total" type="monotone" dataKey="totalUsers" name={SERIES.totalUsers} stroke="var(--color-primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
