"use client";
// A small ranked table (top 5 by advertiser spend) of advertisers or campaigns.
import { useMemo } from "react";
import Link from "next/link";
import { formatMetricValue } from "@/lib/format";
import type { MetricColumn, TopEntity } from "@/lib/metrics/home";
import { detailsHref, viewOf, type EntityCatalog } from "@/lib/entities/catalog";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { useEntityCatalog } from "@/components/entities/entity-catalog";

const column = createDataColumns<TopEntity>();

function topColumns(catalog: EntityCatalog, kind: "advertiser" | "campaign", metrics: MetricColumn[], currencyCode: string) {
  // The details route comes from the entity registry, like every other link to a row.
  const entity = viewOf(catalog, kind);
  return [
    column.accessor("name", {
      id: "name",
      header: "Name",
      meta: { cellClassName: "max-w-56" },
      cell: ({ row }) => (
        <>
          <Link href={detailsHref(entity, row.original.id) ?? "#"} className="block truncate font-medium text-primary hover:underline" title={row.original.name}>
            {row.original.name}
          </Link>
          {row.original.parentName && <span className="block truncate text-xs text-slate-500">{row.original.parentName}</span>}
        </>
      ),
    }),
    ...metrics.map((c) =>
      column.accessor((r) => r.values[c.id] ?? null, {
        id: c.id,
        header: () => <span title={c.hover}>{c.title}</span>,
        meta: { numeric: true, cellClassName: "whitespace-nowrap text-slate-700" },
        cell: ({ row }) => <span data-metric={c.id}>{formatMetricValue(row.original.values[c.id], c.type, currencyCode)}</span>,
      }),
    ),
  ];
}

export function TopEntitiesTable(props: {
  title: string;
  testId: string;
  kind: "advertiser" | "campaign";
  rows: TopEntity[];
  columns: MetricColumn[];
  currencyCode: string;
}) {
  const { title, testId, kind, rows, columns, currencyCode } = props;
  const catalog = useEntityCatalog();
  const tableColumns = useMemo(() => topColumns(catalog, kind, columns, currencyCode), [catalog, kind, columns, currencyCode]);
  return (
    <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs" aria-label={title}>
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">{title}</h2>
      <DataTable
        columns={tableColumns}
        rows={rows}
        rowId={(r) => r.id}
        emptyText="No delivery in this date range."
        density="compact"
        className=""
        testId={testId}
        rowAttributes={() => ({ "data-testid": `${testId}-row` })}
      />
    </section>
  );
}
