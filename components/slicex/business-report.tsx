"use client";
// The SliceX business report: the licensee's weeks or months of advertiser
// spend (revenue), media spend and the margin they leave, as a chart (spend
// bars, margin % line) and a table with each figure's growth over the period
// before. Read-only users see advertiser spend only (the engine drops media
// spend for them, so margin cannot be computed).
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMetricValue } from "@/lib/format";
import type { BusinessPeriod } from "@/lib/slicex/business";
import type { BusinessReport } from "@/lib/slicex/queries";
import { Button } from "@/components/ui/button";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { SelectField } from "@/components/ui/field";
import { PeriodFields } from "./period-fields";

const money = (v: number | null, code: string) => formatMetricValue(v, "currency", code);
const percent = (v: number | null) => formatMetricValue(v, "percentage");
const growth = (v: number | null) => (v === null ? "-" : `${v > 0 ? "+" : ""}${v.toFixed(2)}%`);
const growthTone = (v: number | null) => (v === null ? "text-slate-400" : v >= 0 ? "text-emerald-700" : "text-red-700");

const column = createDataColumns<BusinessPeriod>();
const NUMBER = { numeric: true };
const Growth = ({ value }: { value: number | null }) => <span className={growthTone(value)}>{growth(value)}</span>;

/** Period, Adv Spend and its growth; with the media spend (roles that may see it) its growth and the margin's. */
function periodColumns(code: string, showsCost: boolean) {
  return [
    column.accessor("label", { id: "period", header: "Period", meta: { rowHeader: true } }),
    column.accessor((p) => money(p.revenue, code), { id: "revenue", header: "Adv Spend", meta: NUMBER }),
    column.display({ id: "revenueGrowth", header: "Growth", meta: NUMBER, cell: ({ row }) => <Growth value={row.original.growth.revenue} /> }),
    ...(showsCost
      ? [
          column.accessor((p) => money(p.cost, code), { id: "cost", header: "Media Spend", meta: NUMBER }),
          column.display({ id: "costGrowth", header: "Growth", meta: NUMBER, cell: ({ row }) => <Growth value={row.original.growth.cost} /> }),
          column.accessor((p) => money(p.marginAmount, code), { id: "margin", header: "Margin", meta: NUMBER }),
          column.accessor((p) => percent(p.marginPercent), { id: "marginPercent", header: "Margin %", meta: NUMBER }),
          column.display({ id: "marginGrowth", header: "Margin Growth", meta: NUMBER, cell: ({ row }) => <Growth value={row.original.growth.marginAmount} /> }),
        ]
      : []),
  ];
}

export function BusinessControls(props: { input: Record<string, string>; fieldErrors: Record<string, string>; timezones: Array<{ id: number; name: string }> }) {
  const router = useRouter();
  const [v, setV] = useState(props.input);
  const set = (key: string) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [key]: e.target.value }));
  function apply(e: FormEvent) {
    e.preventDefault();
    router.push(`/report/slicex/business-report?${new URLSearchParams({ grain: v.grain, from: v.from, to: v.to, tz: v.timezoneId }).toString()}`);
  }
  const errors = props.fieldErrors;
  return (
    <form onSubmit={apply} aria-label="Business report" className="grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs md:grid-cols-5" data-testid="business-controls">
      <SelectField id="business-grain" label="Periods" value={v.grain} onChange={set("grain")} error={errors.grain}>
        <option value="week">Weeks</option>
        <option value="month">Months</option>
      </SelectField>
      <PeriodFields idPrefix="business" values={v} errors={errors} timezones={props.timezones} onChange={(key, value) => setV((x) => ({ ...x, [key]: value }))} />
      <Button type="submit" variant="primary" data-testid="business-apply">
        Apply
      </Button>
    </form>
  );
}

export function BusinessReportView({ report }: { report: BusinessReport }) {
  const code = report.currencyCode;
  if (report.periods.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600" data-testid="business-empty">
        No delivery in these dates.
      </p>
    );
  }
  const data = report.periods.map((p) => ({ label: p.label, revenue: p.revenue, cost: p.cost, margin: p.marginPercent }));
  return (
    <div className="space-y-4">
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs" data-testid="business-chart" data-points={data.length}>
        <div style={{ height: 280 }} className="w-full">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
              <YAxis yAxisId="money" tickFormatter={(x: number) => money(x, code)} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={72} />
              {report.showsCost ? <YAxis yAxisId="pct" orientation="right" tickFormatter={(x: number) => percent(x)} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={56} /> : null}
              <Tooltip formatter={(x, name) => [name === "Margin %" ? percent(typeof x === "number" ? x : null) : money(typeof x === "number" ? x : null, code), name]} />
              <Legend />
              <Bar yAxisId="money" dataKey="revenue" name="Adv Spend" fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
              {report.showsCost ? <Bar yAxisId="money" dataKey="cost" name="Media Spend" fill="#94a3b8" radius={[3, 3, 0, 0]} /> : null}
              {report.showsCost ? <Line yAxisId="pct" type="monotone" dataKey="margin" name="Margin %" stroke="#059669" strokeWidth={2} dot={false} connectNulls /> : null}
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </section>
      <DataTable
        columns={periodColumns(code, report.showsCost)}
        rows={report.periods}
        rowId={(p) => p.period}
        emptyText={null}
        testId="business-table"
        density="compact"
        scrollFocusable
        label="Business report by period"
        rowAttributes={() => ({ "data-testid": "business-row" })}
      />
      <p className="text-xs text-slate-600">
        From {report.range.from} (moved back to the start of its period, so the first period is whole) to {report.range.to}; the last period counts only its days up to
        then. Growth compares each period with the one before.
      </p>
    </div>
  );
}
